/** Canonical addresses for listing pages: the path plus only the parameters that change the content. */
const CANONICAL_PARAMS = ['category', 'search', 'vendor', 'home_section_1', 'home_section_2', 'home_section_3', 'page'];

export function listingCanonical(url: URL): string {
  const canonical = new URLSearchParams();
  for (const key of CANONICAL_PARAMS) {
    const value = url.searchParams.get(key);
    if (value && !(key === 'page' && value === '1')) canonical.set(key, value);
  }
  const query = canonical.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
