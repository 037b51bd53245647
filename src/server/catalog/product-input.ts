/**
 * What a vendor or an administrator may write about a product, in the spec's field names, read from JSON,
 * multipart or urlencoded bodies (so numbers and lists may arrive as text). Pure: the rules that need the
 * database (the category exists, the sub-category is its child) are checked by the writer.
 */
import { z } from 'zod';
import { normalizeBrand } from '../../lib/brands';
import { Forbidden, Invalid } from '../errors';
import { blankAsNull, parsePresentFields, rowIdSchema, yesNo } from '../input-fields';
import { fieldRefusal } from '../input-refusals';
import { splitList } from '../../lib/lists';
import type { ProductAttribute, ProductVariants } from '../db/schema';
import { message, type Message } from '../../lib/messages/message';

export const MAX_PRICE_UGX = 1_000_000_000;
export const MAX_STOCK_UNITS = 1_000_000;
export const MAX_KEYWORDS = 30;
export const MAX_GALLERY_IMAGES = 8;

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

/** A JSON text (multipart sends lists and objects as text); anything that is not JSON is left for the schema to refuse. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Whole UGX: 15000, "15000" or "15,000". */
const price = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[,\s]/g, '') : value),
  z.coerce
    .number({ error: 'must be a price in UGX' })
    .int({ error: 'must be whole shillings (UGX has no decimals)' })
    .min(1, { error: 'must be above 0' })
    .max(MAX_PRICE_UGX, { error: `must be at most ${MAX_PRICE_UGX.toLocaleString('en-US')}` }),
);

const id = rowIdSchema('must be an id');

/** A blank form field means "not sent" (keep what is stored), never 0. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const flag = z.preprocess(
  (value) => (typeof value === 'boolean' ? Number(value) : blankAsAbsent(value)),
  z.coerce.number({ error: 'must be 1 or 0' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 1 or 0' })),
);

/** A comma-separated list (the spec keeps colours, sizes and tags so); an array is joined. */
const commaList = (max: number) =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    text(max).transform((value) => splitList(value).join(',')),
  );

/**
 * JSON when the text looks like it (a list or an object), so a plain keyword such as "2024" stays text;
 * broken JSON becomes null, which the schema refuses, rather than being read as plain text.
 */
function jsonIfItLooksSo(value: unknown, opening: '[' | '{'): unknown {
  if (typeof value !== 'string' || !value.trim().startsWith(opening)) return value;
  const parsed = parsedJson(value);
  return parsed === value ? null : parsed;
}

const keywords = z.preprocess(
  (value) => {
    const parsed = jsonIfItLooksSo(value, '[');
    return typeof parsed === 'string' ? splitList(parsed) : parsed;
  },
  z
    .array(text(60).min(1, { error: 'must not be blank' }), { error: 'must be a JSON list of words, e.g. ["phone","samsung"]' })
    .max(MAX_KEYWORDS, { error: `at most ${MAX_KEYWORDS} keywords` }),
);

/** Lines a person types, "Storage: 64GB, 128GB", as the options object. */
function variantLines(text: string): unknown {
  const options: Record<string, string[]> = {};
  for (const line of text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    if (colon < 1) return text;
    options[line.slice(0, colon).trim()] = splitList(line.slice(colon + 1));
  }
  return options;
}

const variants = z.preprocess(
  (value) => {
    const parsed = jsonIfItLooksSo(value, '{');
    return typeof parsed === 'string' ? variantLines(parsed) : parsed;
  },
  z
    .record(
      text(40).min(1),
      z
        .array(text(60).min(1, { error: 'must not be blank' }))
        .min(1, { error: 'each option needs at least one value' })
        .max(30),
      {
        error: 'must be options with their values, e.g. {"Storage":["64GB","128GB"]} or lines like "Storage: 64GB, 128GB"',
      },
    )
    .refine((value) => Object.keys(value).length <= 10, { error: 'at most 10 options' }),
);

/** A product's attributes; its Brand is kept as the maker's one name ("Samsung Galaxy" is "Samsung": lib/brands.ts), so the brand filter offers it once. */
const attributes = z.preprocess(
  parsedJson,
  z
    .array(z.object({ name: text(60).min(1), value: text(200).min(1) }), { error: 'must be a JSON list of {"name","value"}' })
    .max(40, { error: 'at most 40 attributes' })
    .transform((list) =>
      list.map((attribute) => (attribute.name.trim().toLowerCase() === 'brand' ? { ...attribute, value: normalizeBrand(attribute.value) } : attribute)),
    ),
);

export const productFieldsSchema = z.object({
  name: text(200).min(2, { error: 'must be at least 2 characters' }),
  description: text(20_000),
  summary: text(500),
  metric: text(40).min(1, { error: 'must not be blank' }),
  price_1: price,
  price_2: z.preprocess(blankAsNull, price.nullable()),
  category: id,
  sub_category: z.preprocess(blankAsNull, id.nullable()),
  status: flag,
  in_stock: flag,
  total_items: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'must be a number of units' })
      .int({ error: 'must be a whole number of units' })
      .min(0, { error: 'must not be negative' })
      .max(MAX_STOCK_UNITS, { error: `must be at most ${MAX_STOCK_UNITS.toLocaleString('en-US')}` }),
  ),
  keywords,
  p_type: yesNo,
  has_colors: yesNo,
  colors: commaList(500),
  has_sizes: yesNo,
  sizes: commaList(500),
  tags: commaList(500),
  variants,
  attributes,
  url: text(500),
});

export type ProductFields = z.infer<typeof productFieldsSchema>;
export type ProductChanges = Partial<ProductFields>;

/** Fields only an administrator sets: who sells the product and the home page's sections. */
export const adminProductFieldsSchema = z.object({
  supplier: z.preprocess(blankAsNull, id.nullable()),
  home_section_1: flag,
  home_section_2: flag,
  home_section_3: flag,
});
export type AdminProductFields = Partial<z.infer<typeof adminProductFieldsSchema>>;

/** A new product's fields when they are not sent. */
export const PRODUCT_DEFAULTS = {
  description: '',
  summary: '',
  metric: 'Piece',
  price_2: null,
  sub_category: null,
  status: 1,
  in_stock: 1,
  keywords: [] as string[],
  p_type: 'No',
  tags: '',
  variants: {} as ProductVariants,
  attributes: [] as ProductAttribute[],
  url: '',
} satisfies Partial<ProductFields>;

const REQUIRED_ON_CREATE = ['name', 'price_1', 'category', 'total_items'] as const;

/** Reads the fields that are present (an update changes only those); unknown fields are ignored. */
export function parseProductChanges(body: Record<string, unknown>, isAdminCaller: boolean): { changes: ProductChanges; admin: AdminProductFields } {
  const changes: ProductChanges = parsePresentFields(productFieldsSchema, body);
  if (!isAdminCaller) {
    const adminOnly = Object.keys(adminProductFieldsSchema.shape).find((key) => body[key] !== undefined);
    if (adminOnly) throw new Forbidden(fieldRefusal(adminOnly, message('role', 'adminSetsThis')));
    return { changes, admin: {} };
  }
  return { changes, admin: parsePresentFields(adminProductFieldsSchema, body) };
}

export function missingOnCreate(changes: ProductChanges): Message | null {
  const missing = REQUIRED_ON_CREATE.find((key) => changes[key] === undefined);
  return missing ? fieldRefusal(missing, message('field', 'required')) : null;
}

/**
 * A product as it will be after the changes, with the rules that tie fields together: the old price
 * above the selling price, colours and sizes listed when the product has them (and cleared when it has
 * not), stock never below what is already sold.
 */
export function mergeProduct(current: ProductFields, itemsSold: number, changes: ProductChanges): ProductFields {
  const next = { ...current, ...changes };
  if (changes.colors !== undefined && changes.has_colors === undefined) next.has_colors = changes.colors ? 'Yes' : 'No';
  if (changes.sizes !== undefined && changes.has_sizes === undefined) next.has_sizes = changes.sizes ? 'Yes' : 'No';
  if (next.has_colors === 'Yes' && !next.colors) throw new Invalid(message('product', 'colorsMissing'));
  if (next.has_sizes === 'Yes' && !next.sizes) throw new Invalid(message('product', 'sizesMissing'));
  if (next.has_colors === 'No') next.colors = '';
  if (next.has_sizes === 'No') next.sizes = '';
  if (next.price_2 !== null && next.price_2 <= next.price_1) throw new Invalid(message('product', 'oldPriceTooLow'));
  if (next.total_items < itemsSold) {
    throw new Invalid(message('product', 'stockBelowSold', itemsSold));
  }
  return next;
}

type StoredProduct = { [K in keyof ProductFields]: unknown };

/** The writable fields of a stored product, as the rules read them. */
export function productFieldsOf(row: StoredProduct): ProductFields {
  const fields = Object.fromEntries(Object.keys(productFieldsSchema.shape).map((key) => [key, row[key as keyof ProductFields]])) as ProductFields;
  return { ...fields, status: fields.status === 1 ? 1 : 0, in_stock: fields.in_stock === 1 ? 1 : 0 };
}

/** Whether shoppers can buy it now: marked in stock and with units left. */
export function inStockFlag(fields: Pick<ProductFields, 'in_stock' | 'total_items'>, itemsSold: number): 0 | 1 {
  return fields.in_stock === 1 && itemsSold < fields.total_items ? 1 : 0;
}

/** A stored product as the vendor form's text fields (lists comma-separated, options one per line). */
export function productFormText(row: ProductFields & { id?: number }): Record<string, string> {
  return {
    name: row.name,
    price_1: String(row.price_1),
    price_2: row.price_2 === null ? '' : String(row.price_2),
    total_items: String(row.total_items),
    category: String(row.category),
    sub_category: row.sub_category === null ? '' : String(row.sub_category),
    summary: row.summary,
    description: row.description,
    colors: splitList(row.colors).join(', '),
    sizes: splitList(row.sizes).join(', '),
    variants: Object.entries(row.variants)
      .map(([option, choices]) => `${option}: ${choices.join(', ')}`)
      .join('\n'),
    keywords: row.keywords.join(', '),
    tags: splitList(row.tags).join(', '),
    status: String(row.status),
    in_stock: String(row.in_stock),
  };
}
