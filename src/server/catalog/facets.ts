/**
 * Brands, colours and sizes as shoppers filter by them: the one definition of a product's values for each, read
 * both by the filter counts (GET /api/filters, the listing's sidebar) and by the lists that filter on them
 * (GET /api/products?brand=), so a count always says how many products choosing that value gives.
 *
 * - brand: the product's `Brand` attribute;
 * - colour and size: the colours and sizes a buyer can choose, as the product page offers them (`colors` /
 *   `sizes` when `has_colors` / `has_sizes` is Yes, and the `Color` / `Size` options of `variants`).
 *
 * - a specification (`spec_storage=128GB`): any other attribute a category defines, such as Storage or RAM on
 *   phones: the product's attribute of that name and the `variants` option of that name. Names are compared
 *   by their `specParam` ("Screen Size" is `spec_screen_size`).
 *
 * Values are compared lower-cased and trimmed, so "Black" and "black " are one choice.
 */
import { sql, type SQL } from 'drizzle-orm';
import { products } from '../db/schema';
import { FACETS, type Facet } from '../../lib/facet-options';

export { FACETS, type Facet };

/** What a list asks of each facet: the values it takes (several of one facet mean any of them). */
export type FacetChoices = Partial<Record<Facet, string[]>> & { specs?: SpecChoices };

/** What a list asks of specifications: values by the specification's key (`storage` for `spec_storage`). */
export type SpecChoices = Record<string, string[]>;

/** `option` is one of the fixed names below, written into the query as a literal (a parameter there would have no type). */
const optionValues = (list: SQL, hasList: SQL, option: 'Color' | 'Size') => {
  const variant = sql`${products.variants}->${sql.raw(`'${option}'`)}`;
  return sql`
  SELECT trim(value) FROM regexp_split_to_table(CASE WHEN ${hasList} = 'Yes' THEN ${list} ELSE '' END, ',') AS value
  UNION ALL
  SELECT trim(value) FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(${variant}) = 'array' THEN ${variant} ELSE '[]'::jsonb END) AS value`;
};

/** The values of each facet for the product in the current row, as a subquery of one text column. */
const facetValues: Record<Facet, SQL> = {
  brand: sql`SELECT trim(attribute->>'value') FROM jsonb_array_elements(${products.attributes}) AS attribute WHERE attribute->>'name' = 'Brand'`,
  color: optionValues(sql`${products.colors}`, sql`${products.has_colors}`, 'Color'),
  size: optionValues(sql`${products.sizes}`, sql`${products.has_sizes}`, 'Size'),
};

/** A name in the form `specParam` gives its key, in SQL: lower-case letters and digits joined by "_". */
const specKeyOf = (name: SQL) => sql`trim(both '_' from regexp_replace(lower(${name}), '[^a-z0-9]+', '_', 'g'))`;

/** The values of the specification `key` for the product in the current row: its attribute and its buyer's option of that name. */
function specValues(key: string): SQL {
  const options = sql`CASE WHEN jsonb_typeof(${products.variants}) = 'object' THEN ${products.variants} ELSE '{}'::jsonb END`;
  return sql`
  SELECT trim(attribute->>'value') FROM jsonb_array_elements(${products.attributes}) AS attribute WHERE ${specKeyOf(sql`attribute->>'name'`)} = ${key}
  UNION ALL
  SELECT trim(value) FROM jsonb_each(${options}) AS option(name, list),
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(option.list) = 'array' THEN option.list ELSE '[]'::jsonb END) AS value
  WHERE ${specKeyOf(sql`option.name`)} = ${key}`;
}

/** The form a value is compared in. */
export function facetKey(value: string): string {
  return value.trim().toLowerCase();
}

/** A condition on products: the product has one of these values of the facet. */
export function hasFacetValue(facet: Facet, values: readonly string[]): SQL {
  const wanted = [...new Set(values.map(facetKey))];
  return sql`EXISTS (SELECT 1 FROM (${facetValues[facet]}) AS facet(value) WHERE lower(facet.value) = ANY(${sql.param(wanted)}::text[]))`;
}

/** A condition on products: the product has one of these values of the specification `key`. */
export function hasSpecValue(key: string, values: readonly string[]): SQL {
  const wanted = [...new Set(values.map(facetKey))];
  return sql`EXISTS (SELECT 1 FROM (${specValues(key)}) AS facet(value) WHERE lower(facet.value) = ANY(${sql.param(wanted)}::text[]))`;
}

/**
 * Conditions for every facet and specification a list chooses from, leaving out `except` (a facet's own counts
 * ignore its own choice; a specification is named `spec:<key>`).
 */
export function facetConditions(choices: FacetChoices, except?: Facet | `spec:${string}`): SQL[] {
  const facets = FACETS.filter((facet) => facet !== except && (choices[facet]?.length ?? 0) > 0).map((facet) => hasFacetValue(facet, choices[facet]!));
  const specs = Object.entries(choices.specs ?? {})
    .filter(([key, values]) => `spec:${key}` !== except && values.length > 0)
    .map(([key, values]) => hasSpecValue(key, values));
  return [...facets, ...specs];
}

/**
 * Products per value of a facet among those `where` keeps, most common first: each product counts once per
 * value, and values written differently in case count as one, shown as most products write it.
 */
export function facetCountsQuery(facet: Facet | { spec: string }, where: SQL, limit: number): SQL {
  const values = typeof facet === 'string' ? facetValues[facet] : specValues(facet.spec);
  return sql`
    SELECT mode() WITHIN GROUP (ORDER BY facet.value) AS name, count(DISTINCT ${products.id})::int AS count
    FROM ${products} CROSS JOIN LATERAL (${values}) AS facet(value)
    WHERE ${where} AND facet.value <> ''
    GROUP BY lower(facet.value)
    ORDER BY 2 DESC, 1
    LIMIT ${limit}`;
}
