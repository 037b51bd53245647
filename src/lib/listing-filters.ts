/**
 * The listing's filter form and the filters its address applies, each with the address that drops it alone: the
 * chips above the results, plain links that work without JavaScript. Dropping one value keeps the others of its filter
 * (`brand=Tecno&brand=Infinix` less Infinix is `brand=Tecno`), every other filter and the sort, and goes back to
 * the first page.
 */
import { FACETS, SPEC_PREFIX, type Facet, type FacetOption } from './facet-options';
import { normalizeBrand } from './brands';

/** A filter of the form that takes several values: its parameter, its legend and its choices as the page says them. */
export type FacetGroup = { param: string; label: string; options: (FacetOption & { label: string })[] };
/** A price band of the form: its one value (lib/price-bands.ts), its words, and how many products it gives (none for a limit the address set itself). */
export type PriceBand = { value: string; label: string; count: number | null; chosen: boolean };
/** A filter applied, as its chip says it, and the address without it. */
export type AppliedChip = { label: string; href: string };

/** The parameters a price limit is written in: the form's band, or the list's own limits. */
export const PRICE_PARAMS = ['price', 'min_price', 'max_price'] as const;

/** The address without page, with `change` applied to its parameters. */
function linkWith(url: URL, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(url.search);
  params.delete('page');
  change(params);
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/**
 * The address without one value of a filter that takes several (`brand`, `color`, `size`, `spec_storage`),
 * compared as the list compares them (a brand by its one name: `brand=Samsung Galaxy` is Samsung).
 */
export function withoutValue(url: URL, param: string, value: string): string {
  const keyOf = (written: string) => (param === 'brand' ? normalizeBrand(written) : written).trim().toLowerCase();
  const dropped = keyOf(value);
  return linkWith(url, (params) => {
    const kept = params
      .getAll(param)
      .flatMap((written) => written.split(','))
      .map((written) => written.trim())
      .filter((written) => written !== '' && keyOf(written) !== dropped);
    params.delete(param);
    for (const written of kept) params.append(param, written);
  });
}

/** The address without the price limits. */
export function withoutPrice(url: URL): string {
  return linkWith(url, (params) => PRICE_PARAMS.forEach((param) => params.delete(param)));
}

/** The address without the "in stock only" filter. */
export function withoutStockFilter(url: URL): string {
  return linkWith(url, (params) => params.delete('in_stock'));
}

/** The address without any filter: what is listed (category, search, vendor) and the sort stay. */
export function withoutFilters(url: URL): string {
  return linkWith(url, (params) => {
    for (const key of [...params.keys()]) if (isFormFilter(key)) params.delete(key);
  });
}

/** Whether a parameter is a filter the listing's filter form sets (so the form does not keep it as a hidden field). */
export function isFormFilter(key: string): boolean {
  return (
    (FACETS as readonly string[]).includes(key as Facet) ||
    key.startsWith(SPEC_PREFIX) ||
    (PRICE_PARAMS as readonly string[]).includes(key) ||
    key === 'in_stock'
  );
}
