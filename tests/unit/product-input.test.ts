import { describe, expect, it } from 'vitest';
import {
  inStockFlag,
  MAX_KEYWORDS,
  mergeProduct,
  missingOnCreate,
  parseProductChanges,
  PRODUCT_DEFAULTS,
  productFieldsOf,
  type ProductFields,
} from '~/server/catalog/product-input';
import { DomainError } from '~/server/errors';
import { englishFailureOf, type EnglishFailure } from '../support/english-failure';
import { sayMessage } from '~/lib/messages/say-message';
import type { Message } from '~/lib/messages/message';

const english = (said: Message | null) => said && sayMessage(said, 'en');

/** The changes a vendor (not an administrator) sends. */
const changes = (body: Record<string, unknown>) => parseProductChanges(body, false).changes;

/** What the endpoint wrapper answers to the refusal `run` throws, or a failure when nothing was thrown. */
const refusal = (run: () => unknown): EnglishFailure => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return englishFailureOf(error)!;
    throw error;
  }
  throw new Error('the input was accepted');
};

/** The status and message a vendor's body is refused with. */
const problem = (body: Record<string, unknown>, isAdmin = false) => {
  const error = refusal(() => parseProductChanges(body, isAdmin));
  return { status: error.status, message: error.message };
};

const bad = (message: string) => ({ status: 400, message });

describe('parseProductChanges: prices', () => {
  it.each([
    [15000, 15000],
    ['15000', 15000],
    ['15,000', 15000],
    [' 1 500 000 ', 1500000],
    [1, 1],
    [1_000_000_000, 1_000_000_000],
  ])('reads price_1 %j as %j', (value, expected) => {
    expect(changes({ price_1: value })).toEqual({ price_1: expected });
  });

  it.each([
    [0, 'price_1: must be above 0'],
    ['0', 'price_1: must be above 0'],
    [-500, 'price_1: must be above 0'],
    [1500.5, 'price_1: must be whole shillings (UGX has no decimals)'],
    ['1500.50', 'price_1: must be whole shillings (UGX has no decimals)'],
    [1_000_000_001, 'price_1: must be at most 1,000,000,000'],
    ['cheap', 'price_1: must be a price in UGX'],
  ])('refuses price_1 %j', (value, message) => {
    expect(problem({ price_1: value })).toEqual(bad(message));
  });

  it.each([[''], [null], ['null']])('reads a blank price_2 %j as null', (value) => {
    expect(changes({ price_2: value })).toEqual({ price_2: null });
  });

  it('reads price_2 like price_1 and refuses it the same way', () => {
    expect(changes({ price_2: '20,000' })).toEqual({ price_2: 20000 });
    expect(problem({ price_2: 0 })).toEqual(bad('price_2: must be above 0'));
    expect(problem({ price_2: '99.9' })).toEqual(bad('price_2: must be whole shillings (UGX has no decimals)'));
  });
});

describe('parseProductChanges: ids, flags and counts', () => {
  it('reads category and sub_category ids from text', () => {
    expect(changes({ category: '4', sub_category: '12' })).toEqual({ category: 4, sub_category: 12 });
    expect(changes({ category: 4, sub_category: '' })).toEqual({ category: 4, sub_category: null });
  });

  it.each([['abc'], ['1.5'], [0], [-3]])('refuses category %j', (value) => {
    expect(problem({ category: value })).toEqual(bad('category: must be an id'));
  });

  it('refuses a sub_category that is not an id', () => {
    expect(problem({ sub_category: 'phones' })).toEqual(bad('sub_category: must be an id'));
  });

  it.each([
    [1, 1],
    [0, 0],
    ['1', 1],
    ['0', 0],
    [true, 1],
    [false, 0],
  ])('reads status and in_stock %j as %j', (value, expected) => {
    expect(changes({ status: value, in_stock: value })).toEqual({ status: expected, in_stock: expected });
  });

  it.each([[2], ['2'], [-1], ['0.5']])('refuses status %j with "must be 1 or 0"', (value) => {
    expect(problem({ status: value })).toEqual(bad('status: must be 1 or 0'));
    expect(problem({ in_stock: value })).toEqual(bad('in_stock: must be 1 or 0'));
  });

  // Exposes a bug: text that is not a number skips the field's message and shows zod's default one.
  it('refuses a status that is not a number with the field message', () => {
    expect(problem({ status: 'yes' })).toEqual(bad('status: must be 1 or 0'));
  });

  it('reads total_items and refuses negative, fractional and huge stock', () => {
    expect(changes({ total_items: '25' })).toEqual({ total_items: 25 });
    expect(changes({ total_items: 0 })).toEqual({ total_items: 0 });
    expect(problem({ total_items: -1 })).toEqual(bad('total_items: must not be negative'));
    expect(problem({ total_items: '2.5' })).toEqual(bad('total_items: must be a whole number of units'));
    expect(problem({ total_items: 1_000_001 })).toEqual(bad('total_items: must be at most 1,000,000'));
    expect(problem({ total_items: 'many' })).toEqual(bad('total_items: must be a number of units'));
  });
});

describe('parseProductChanges: text fields', () => {
  it('trims the name and needs at least 2 characters', () => {
    expect(changes({ name: '  Tecno Spark 20  ' })).toEqual({ name: 'Tecno Spark 20' });
    expect(problem({ name: ' A ' })).toEqual(bad('name: must be at least 2 characters'));
    expect(problem({ name: 'x'.repeat(201) })).toEqual(bad('name: must be at most 200 characters'));
    expect(problem({ name: 42 })).toEqual(bad('name: must be text'));
  });

  it('reads p_type, has_colors and has_sizes as Yes or No only', () => {
    expect(changes({ p_type: 'Yes', has_colors: 'No', has_sizes: 'Yes' })).toEqual({ p_type: 'Yes', has_colors: 'No', has_sizes: 'Yes' });
    expect(problem({ has_colors: 'yes' })).toEqual(bad('has_colors: must be Yes or No'));
    expect(problem({ p_type: 1 })).toEqual(bad('p_type: must be Yes or No'));
  });

  it('refuses a blank metric and an over-long summary', () => {
    expect(problem({ metric: '   ' })).toEqual(bad('metric: must not be blank'));
    expect(problem({ summary: 'x'.repeat(501) })).toEqual(bad('summary: must be at most 500 characters'));
  });
});

describe('parseProductChanges: lists', () => {
  it.each([
    ['a JSON text', '["phone", "samsung"]', ['phone', 'samsung']],
    ['a real array', ['phone', ' samsung '], ['phone', 'samsung']],
    ['comma text', ' phone, samsung ,,galaxy ', ['phone', 'samsung', 'galaxy']],
    ['a single word that looks like a number', '2024', ['2024']],
    ['an empty JSON list', '[]', []],
  ])('reads keywords from %s', (_, value, expected) => {
    expect(changes({ keywords: value })).toEqual({ keywords: expected });
  });

  // Exposes a bug: a text that starts as a JSON list but is not valid JSON is split on commas and kept.
  it.each([['["phone", "samsung"'], ['[phone, samsung]'], ['[broken']])('refuses keywords %j that are not valid JSON', (value) => {
    const { status, message } = problem({ keywords: value });
    expect(status).toBe(400);
    expect(message).toMatch(/^keywords: /);
  });

  it('refuses a blank keyword, a keyword that is not text and more than 30 keywords', () => {
    expect(problem({ keywords: ['phone', '  '] })).toEqual(bad('keywords.1: must not be blank'));
    expect(problem({ keywords: { a: 1 } })).toEqual(bad('keywords: must be a JSON list of words, e.g. ["phone","samsung"]'));
    expect(problem({ keywords: [1, 2] })).toEqual(bad('keywords.0: must be text'));
    const many = Array.from({ length: MAX_KEYWORDS + 1 }, (_, i) => `word${i}`);
    expect(problem({ keywords: many })).toEqual(bad('keywords: at most 30 keywords'));
    expect(changes({ keywords: many.slice(0, MAX_KEYWORDS) }).keywords).toHaveLength(30);
  });

  it('normalises colours, sizes and tags to comma text', () => {
    expect(changes({ colors: ' Red , Black ,', sizes: ['S', ' M ', '', 'L'], tags: 'new,, sale ' })).toEqual({
      colors: 'Red,Black',
      sizes: 'S,M,L',
      tags: 'new,sale',
    });
    expect(changes({ colors: '' })).toEqual({ colors: '' });
    expect(problem({ colors: 5 })).toEqual(bad('colors: must be text'));
    expect(problem({ tags: 'x'.repeat(501) })).toEqual(bad('tags: must be at most 500 characters'));
  });

  it('reads variants from a JSON object, a real object and "Option: values" lines', () => {
    const expected = { Storage: ['64GB', '128GB'], Colour: ['Blue'] };
    expect(changes({ variants: '{"Storage":["64GB","128GB"],"Colour":["Blue"]}' })).toEqual({ variants: expected });
    expect(changes({ variants: { Storage: [' 64GB', '128GB '], Colour: ['Blue'] } })).toEqual({ variants: expected });
    expect(changes({ variants: 'Storage: 64GB, 128GB\r\nColour: Blue\n' })).toEqual({ variants: expected });
  });

  it.each([['[1,2]'], [['64GB']], ['just text'], [42], ['{not json']])('refuses variants %j that are not an object of options', (value) => {
    expect(problem({ variants: value })).toEqual(
      bad('variants: must be options with their values, e.g. {"Storage":["64GB","128GB"]} or lines like "Storage: 64GB, 128GB"'),
    );
  });

  // Exposes a bug: a broken JSON object that holds a colon is read as "Option: values" lines, braces and quotes included.
  it.each([['{Storage: 64GB}'], ['{"Storage": ["64GB", "128GB"]']])('refuses variants %j that are not valid JSON', (value) => {
    expect(problem({ variants: value })).toEqual(
      bad('variants: must be options with their values, e.g. {"Storage":["64GB","128GB"]} or lines like "Storage: 64GB, 128GB"'),
    );
  });

  it('refuses an option without values and more than 10 options', () => {
    expect(problem({ variants: '{"Storage":[]}' })).toEqual(bad('variants.Storage: each option needs at least one value'));
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`Option ${i}`, ['a']]));
    expect(problem({ variants: eleven })).toEqual(bad('variants: at most 10 options'));
  });

  it('reads attributes as a list of name and value, dropping other keys', () => {
    expect(changes({ attributes: '[{"name":" Brand ","value":"Tecno","extra":1}]' })).toEqual({ attributes: [{ name: 'Brand', value: 'Tecno' }] });
    expect(changes({ attributes: [{ name: 'RAM', value: '8GB' }] })).toEqual({ attributes: [{ name: 'RAM', value: '8GB' }] });
    expect(problem({ attributes: '{"name":"Brand","value":"Tecno"}' })).toEqual(bad('attributes: must be a JSON list of {"name","value"}'));
    const many = Array.from({ length: 41 }, (_, i) => ({ name: `n${i}`, value: 'v' }));
    expect(problem({ attributes: many })).toEqual(bad('attributes: at most 40 attributes'));
  });
});

describe('parseProductChanges: what is returned', () => {
  it('returns only the fields that were sent and ignores unknown ones', () => {
    expect(parseProductChanges({ name: 'Tecno Spark 20', price_1: '450,000', id: 9, items_sold: 3, created_at: 'x', photo: undefined }, false)).toEqual({
      changes: { name: 'Tecno Spark 20', price_1: 450000 },
      admin: {},
    });
    expect(parseProductChanges({}, false)).toEqual({ changes: {}, admin: {} });
  });

  it('reports the first problem in the order of the fields', () => {
    expect(problem({ price_1: 0, name: 'A' })).toEqual(bad('name: must be at least 2 characters'));
  });
});

describe('parseProductChanges: fields only an administrator sets', () => {
  it.each([
    ['supplier', 7],
    ['supplier', ''],
    ['home_section_1', 1],
    ['home_section_2', '0'],
    ['home_section_3', 1],
  ])('refuses %s from anyone else with 403', (field, value) => {
    expect(problem({ name: 'Tecno Spark 20', [field]: value })).toEqual({ status: 403, message: `${field}: only an administrator sets this` });
  });

  it('reads them for an administrator, apart from the product fields', () => {
    expect(parseProductChanges({ name: 'Tecno Spark 20', supplier: '7', home_section_1: '1', home_section_2: 0, home_section_3: true }, true)).toEqual({
      changes: { name: 'Tecno Spark 20' },
      admin: { supplier: 7, home_section_1: 1, home_section_2: 0, home_section_3: 1 },
    });
    expect(parseProductChanges({ supplier: '' }, true).admin).toEqual({ supplier: null });
    expect(parseProductChanges({ name: 'Tecno Spark 20' }, true).admin).toEqual({});
  });

  it('refuses bad values from an administrator with 400', () => {
    expect(problem({ supplier: 'acme' }, true)).toEqual(bad('supplier: must be an id'));
    expect(problem({ home_section_2: 3 }, true)).toEqual(bad('home_section_2: must be 1 or 0'));
  });
});

describe('missingOnCreate', () => {
  const complete = { name: 'Tecno Spark 20', price_1: 450000, category: 4, total_items: 10 };

  it('is null when every required field is there', () => {
    expect(missingOnCreate(complete)).toBeNull();
    expect(missingOnCreate({ ...complete, total_items: 0 })).toBeNull();
  });

  it.each([['name'], ['price_1'], ['category'], ['total_items']])('names a missing %s', (field) => {
    const { [field as keyof typeof complete]: _, ...rest } = complete;
    expect(english(missingOnCreate(rest))).toBe(`${field}: is required`);
  });

  it('names the first missing field in the order name, price_1, category, total_items', () => {
    expect(english(missingOnCreate({}))).toBe('name: is required');
    expect(english(missingOnCreate({ name: 'Tecno Spark 20' }))).toBe('price_1: is required');
    expect(english(missingOnCreate({ name: 'Tecno Spark 20', price_1: 1 }))).toBe('category: is required');
    expect(english(missingOnCreate({ name: 'Tecno Spark 20', price_1: 1, category: 4 }))).toBe('total_items: is required');
  });
});

const stored: ProductFields = {
  ...PRODUCT_DEFAULTS,
  name: 'Tecno Spark 20',
  price_1: 450000,
  price_2: 500000,
  category: 4,
  sub_category: 12,
  total_items: 10,
  p_type: 'No',
  has_colors: 'Yes',
  colors: 'Blue,Black',
  has_sizes: 'No',
  sizes: '',
} as ProductFields;

const mergeRefusal = (itemsSold: number, change: Partial<ProductFields>) => {
  const error = refusal(() => mergeProduct(stored, itemsSold, change));
  return { status: error.status, message: error.message };
};

describe('mergeProduct', () => {
  it('applies the changes over the stored product without changing it', () => {
    const before = structuredClone(stored);
    expect(mergeProduct(stored, 0, { name: 'Tecno Spark 30', total_items: 12 })).toEqual({ ...stored, name: 'Tecno Spark 30', total_items: 12 });
    expect(stored).toEqual(before);
  });

  it('infers has_colors and has_sizes from the lists when they are not sent', () => {
    expect(mergeProduct(stored, 0, { colors: '' })).toMatchObject({ has_colors: 'No', colors: '' });
    expect(mergeProduct(stored, 0, { sizes: 'S,M' })).toMatchObject({ has_sizes: 'Yes', sizes: 'S,M' });
  });

  it('refuses has_colors or has_sizes Yes without a list', () => {
    expect(mergeRefusal(0, { has_colors: 'Yes', colors: '' })).toEqual(bad('colors: list the colours (comma-separated), or set has_colors to No'));
    expect(mergeRefusal(0, { has_sizes: 'Yes' })).toEqual(bad('sizes: list the sizes (comma-separated), or set has_sizes to No'));
  });

  it('clears the list when has_colors or has_sizes is No', () => {
    expect(mergeProduct(stored, 0, { has_colors: 'No' })).toMatchObject({ has_colors: 'No', colors: '' });
    expect(mergeProduct(stored, 0, { has_colors: 'No', colors: 'Red' })).toMatchObject({ has_colors: 'No', colors: '' });
    expect(mergeProduct({ ...stored, sizes: 'S' }, 0, {})).toMatchObject({ has_sizes: 'No', sizes: '' });
  });

  it('needs the old price above the selling price', () => {
    const message = 'price_2: the old price must be above price_1, or left empty';
    expect(mergeRefusal(0, { price_2: 450000 })).toEqual(bad(message));
    expect(mergeRefusal(0, { price_2: 449999 })).toEqual(bad(message));
    expect(mergeRefusal(0, { price_1: 500000 })).toEqual(bad(message));
    expect(mergeProduct(stored, 0, { price_2: 450001 }).price_2).toBe(450001);
    expect(mergeProduct(stored, 0, { price_1: 600000, price_2: null })).toMatchObject({ price_1: 600000, price_2: null });
  });

  it('keeps the stock at or above what is already sold', () => {
    expect(mergeRefusal(7, { total_items: 6 })).toEqual(bad('total_items: 7 units are already sold, so the stock cannot be below 7'));
    expect(mergeRefusal(11, {})).toEqual(bad('total_items: 11 units are already sold, so the stock cannot be below 11'));
    expect(mergeProduct(stored, 7, { total_items: 7 }).total_items).toBe(7);
  });
});

describe('productFieldsOf', () => {
  it('keeps only the writable fields and reads any status but 1 as 0', () => {
    const row = { ...stored, id: 55, supplier: 7, items_sold: 3, status: 2, in_stock: 1, created_at: new Date() };
    expect(productFieldsOf(row)).toEqual({ ...stored, status: 0, in_stock: 1 });
    expect(productFieldsOf({ ...stored, status: 1, in_stock: 0 })).toMatchObject({ status: 1, in_stock: 0 });
    expect(productFieldsOf({ ...stored, status: 1, in_stock: 5 })).toMatchObject({ status: 1, in_stock: 0 });
  });
});

describe('inStockFlag', () => {
  it.each([
    [1, 10, 9, 1],
    [1, 10, 10, 0],
    [1, 10, 11, 0],
    [1, 0, 0, 0],
    [0, 10, 0, 0],
  ] as const)('in_stock %i, %i units, %i sold → %i', (in_stock, total_items, sold, expected) => {
    expect(inStockFlag({ in_stock, total_items }, sold)).toBe(expected);
  });
});

describe('PRODUCT_DEFAULTS', () => {
  it('publishes a new product in stock, sold by the piece, with empty lists', () => {
    expect(PRODUCT_DEFAULTS).toEqual({
      description: '',
      summary: '',
      metric: 'Piece',
      price_2: null,
      sub_category: null,
      status: 1,
      in_stock: 1,
      keywords: [],
      p_type: 'No',
      tags: '',
      variants: {},
      attributes: [],
      url: '',
    });
  });
});
