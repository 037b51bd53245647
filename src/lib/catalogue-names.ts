/**
 * The catalogue's own words in the shopper's language: category names, colour and size values, the names of
 * products' specifications and options (Brand, Material, Storage), other option values and delivery regions.
 * They are stored in English on products, orders and addresses (a cart line keeps "Red", a filter asks for
 * color=Red); a page says them in its language through these names, kept per language by administrators
 * (src/server/catalog/catalogue-words.ts). Pure, so pages, islands' props and tests share it.
 */

/** What a name is the name of. */
export const CATALOGUE_WORD_KINDS = ['category', 'colour', 'size', 'spec', 'value', 'region'] as const;
export type CatalogueWordKind = (typeof CATALOGUE_WORD_KINDS)[number];

/** One language's names: kind → the English word → the name in the language. */
export type CatalogueNames = Readonly<Record<CatalogueWordKind, Readonly<Record<string, string>>>>;

/** No translations: every word is said in English (the English pages, and a language with none yet). */
export const ENGLISH_NAMES: CatalogueNames = Object.freeze({ category: {}, colour: {}, size: {}, spec: {}, value: {}, region: {} });

export function isCatalogueWordKind(value: unknown): value is CatalogueWordKind {
  return typeof value === 'string' && (CATALOGUE_WORD_KINDS as readonly string[]).includes(value);
}

/** The word as the page's language says it; the English where no translation exists yet. */
export function catalogueName(names: CatalogueNames, kind: CatalogueWordKind, english: string): string {
  return Object.hasOwn(names[kind], english) ? names[kind][english]! : english;
}

/**
 * A filter's value as the listing shows it (`facet` as in the address: brand, color, size, or a specification's
 * name). Brands are names and stay as written; the checkbox keeps the English value the address asks for.
 */
export function facetValueName(names: CatalogueNames, facet: string, value: string): string {
  if (facet === 'brand') return value;
  return catalogueName(names, facet === 'color' ? 'colour' : facet === 'size' ? 'size' : 'value', value);
}

/** A variant's option value: a colour is said as a colour, a size as a size, anything else as an option's value. */
export function optionValueName(names: CatalogueNames, option: string, value: string): string {
  const kind: CatalogueWordKind = option === 'Color' || option === 'Colour' ? 'colour' : option === 'Size' ? 'size' : 'value';
  return catalogueName(names, kind, value);
}

/**
 * The names of what a cart or order line may hold (colours, sizes, option values), and of the places delivered to,
 * for the pages that list lines.
 */
export function lineNames(names: CatalogueNames): CatalogueNames {
  return { ...ENGLISH_NAMES, colour: names.colour, size: names.size, value: names.value, region: names.region };
}

/**
 * The names a page hands an island for the words it shows (a product's colours, a cart's lines): only those,
 * so the island's props stay small and no language's whole list is sent to the browser.
 */
export function namesFor(names: CatalogueNames, words: Partial<Record<CatalogueWordKind, readonly string[]>>): CatalogueNames {
  const picked: Record<CatalogueWordKind, Record<string, string>> = { category: {}, colour: {}, size: {}, spec: {}, value: {}, region: {} };
  for (const kind of CATALOGUE_WORD_KINDS) {
    for (const english of words[kind] ?? []) if (Object.hasOwn(names[kind], english)) picked[kind][english] = names[kind][english]!;
  }
  return picked;
}
