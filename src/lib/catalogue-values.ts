/**
 * How the listing's filters and their chips say a catalogue value a shopper filters by: a brand, colour or size
 * ("Black", "XL"), a specification's name ("Storage") and its value ("128GB"). Pages say these only through here,
 * so the catalogue's words in Luganda and Swahili are looked up in this one place when they are kept; until then,
 * and for brands and measures always, a value is said as the catalogue writes it.
 */
import type { Language } from './i18n/languages';
import type { Facet } from './facet-options';

/** A brand, colour, size or specification value as a page in `_language` says it. */
export function sayFacetValue(_facet: Facet | 'spec', value: string, _language: Language): string {
  return value;
}

/** A specification's name ("Storage", "Screen Size") as a page in `_language` says it. */
export function saySpecName(name: string, _language: Language): string {
  return name;
}
