/**
 * `target` as a path on this site (path, query and fragment), or null when following it could lead anywhere
 * else. Read the way a browser reads a Location or `location.assign`: tabs and newlines are dropped and a
 * backslash is a slash, so `/\t/evil.example` and `/\evil.example` are other sites, not paths.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target?.startsWith('/')) return null;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  return url.origin === base ? url.pathname + url.search + url.hash : null;
}
