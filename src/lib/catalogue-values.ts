/**
 * How the listing's filters and their chips say a catalogue value a shopper filters by: a brand, colour or size
 * ("Black", "XL"), a specification's name ("Storage") and its value ("128GB"). Pages say these only through here,
 * with the page's language's names of the catalogue's words (src/lib/catalogue-names.ts, kept by administrators);
 * a word with no name in the language, and a brand always, is said as the catalogue writes it.
 */
import { catalogueName, facetValueName, type CatalogueNames } from './catalogue-names';
import type { Facet } from './facet-options';

/** A brand, colour, size or specification value as a page with these `names` says it. */
export function sayFacetValue(facet: Facet | 'spec', value: string, names: CatalogueNames): string {
  return facetValueName(names, facet, value);
}

/** A specification's name ("Storage", "Screen Size") as a page with these `names` says it. */
export function saySpecName(name: string, names: CatalogueNames): string {
  return catalogueName(names, 'spec', name);
}
