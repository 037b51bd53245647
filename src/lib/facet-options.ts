/** The filters a product list takes several values of (`brand=Tecno&brand=Infinix`): one checkbox each in the listing's form. */
export const FACETS = ['brand', 'color', 'size'] as const;
export type Facet = (typeof FACETS)[number];

/** The choices the listing's filter form shows for a brand, colour or size: the counted values, and any chosen one the counts left out. */
export type FacetOption = { name: string; count: number; chosen: boolean };

/** Where each filter's counted values are in the filter options (GET /api/filters). */
export const FACET_OPTIONS = { brand: 'brands', color: 'colors', size: 'sizes' } as const;

/**
 * Marks the chosen values among the counted ones. A chosen value the counts do not list (none of its products
 * is left under the other filters, or it is beyond the longest list) is still shown, with no products, so the
 * shopper can take it back. `chosen` is lower-cased as the list compares values; `asWritten` is how the
 * address wrote them.
 */
export function facetOptions(counted: readonly { name: string; count: number }[], chosen: readonly string[], asWritten: readonly string[]): FacetOption[] {
  const wanted = new Set(chosen);
  const options = counted.map((value) => ({ ...value, chosen: wanted.has(value.name.trim().toLowerCase()) }));
  const shown = new Set(options.map((option) => option.name.trim().toLowerCase()));
  const written = asWritten.flatMap((value) => value.split(',')).map((value) => value.trim());
  for (const value of chosen) {
    if (shown.has(value)) continue;
    options.push({ name: written.find((w) => w.toLowerCase() === value) ?? value, count: 0, chosen: true });
    shown.add(value);
  }
  return options;
}
