/**
 * A price band as one value (`price=100000-199999`), so it is a choice of the listing's filter form like any
 * other: a form field carries one value, the list asks for `min_price` and `max_price`. The bands of the filter
 * options count prices from `min` up to (not including) `max`; `max_price` is inclusive, so a band asks for
 * `max - 1`. An open end is left empty (`500000-`).
 */

export type PriceLimits = { min_price?: number; max_price?: number };

/** The form value of the prices from `min_price` to `max_price`, both inclusive ('' for no limit). */
export function priceValue(limits: PriceLimits): string {
  return `${limits.min_price ?? ''}-${limits.max_price ?? ''}`;
}

/** The limits a band of the filter options asks for: from its min (none at 0) to just under its max (none when open). */
export function bandLimits(min: number, max: number | null): PriceLimits {
  return { ...(min === 0 ? {} : { min_price: min }), ...(max === null ? {} : { max_price: max - 1 }) };
}

/** The limits a form value names; undefined when it is not two whole numbers (either may be left out) joined by "-". */
export function parsePriceValue(value: string): PriceLimits | undefined {
  const found = /^\s*(\d{0,10})\s*-\s*(\d{0,10})\s*$/.exec(value);
  if (!found) return undefined;
  const [, min, max] = found;
  return { ...(min ? { min_price: Number(min) } : {}), ...(max ? { max_price: Number(max) } : {}) };
}
