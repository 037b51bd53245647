import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseProductQuery } from '~/server/catalog/product-query';
import { describeZodError } from '~/server/errors';

const parse = (query: string) => parseProductQuery(new URLSearchParams(query));
const problem = (query: string) => {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof z.ZodError) return describeZodError(error);
    throw error;
  }
  throw new Error(`"${query}" was accepted`);
};

describe('product list parameters', () => {
  it('defaults to page 1, 24 per page, newest first', () => {
    expect(parse('')).toEqual({ page: 1, limit: 24, sort_by: 'created_at', sort_order: 'desc' });
  });

  it('orders a search by relevance unless told otherwise; relevance needs a search', () => {
    expect(parse('search=tecno').sort_by).toBe('relevance');
    expect(parse('search=tecno&sort_by=price_1').sort_by).toBe('price_1');
    expect(parse('sort_by=relevance').sort_by).toBe('created_at');
  });

  it('reads every filter, treats blanks as absent and takes per_page for limit', () => {
    expect(
      parse('page=3&per_page=10&category=4&vendor=7&min_price=1000&max_price=&in_stock=1&home_section_2=1&sort_by=price_1&sort_order=asc&search=%20Tecno%20'),
    ).toEqual({
      page: 3,
      limit: 10,
      category: 4,
      vendor: 7,
      min_price: 1000,
      in_stock: '1',
      home_section_2: '1',
      sort_by: 'price_1',
      sort_order: 'asc',
      search: 'Tecno',
    });
  });

  it('cuts an overlong search term instead of failing', () => {
    expect(parse(`search=${'a'.repeat(5000)}`).search).toHaveLength(200);
  });

  it.each([
    ['page=-1', 'page: must be at least 1'],
    ['page=1.5', 'page: must be a whole number'],
    ['limit=100000', 'limit: must be at most 100'],
    ['min_price=abc', 'min_price: must be a number'],
    ['min_price=9&max_price=1', 'min_price: min_price must not be more than max_price'],
    ['sort_by=id', 'sort_by: must be one of relevance, created_at, price_1, name, rating, popularity'],
    ['in_stock=2', 'in_stock: must be 1 or 0'],
  ])('refuses %s: "%s"', (query, message) => {
    expect(problem(query)).toBe(message);
  });
});

describe('brand, colour and size', () => {
  it('takes one or several values, repeated or comma-separated, lower-cased, once each and sorted', () => {
    expect(parse('brand=Tecno').brand).toEqual(['tecno']);
    expect(parse('brand=Tecno&brand=infinix,%20TECNO&color=Black&size=').brand).toEqual(['infinix', 'tecno']);
    expect(parse('color=Black,Navy%20Blue').color).toEqual(['black', 'navy blue']);
    expect(parse('size=&brand=,').size).toBeUndefined();
    expect(parse('size=&brand=,').brand).toBeUndefined();
  });

  it('refuses long values and long lists', () => {
    expect(problem(`brand=${'x'.repeat(61)}`)).toBe('brand.0: each value must be at most 60 characters');
    expect(problem(`size=${Array.from({ length: 21 }, (_, i) => i).join(',')}`)).toBe('size: must name at most 20 values');
  });
});

describe('brands by their one name, and specifications', () => {
  it('asks for a brand by the name the store keeps it under', () => {
    expect(parse('brand=Samsung%20Galaxy&brand=SAMSUNG&brand=Tecno%20Mobile').brand).toEqual(['samsung', 'tecno']);
  });

  it('reads spec_<key> as a specification, its values as a facet’s, the keys sorted whatever their order', () => {
    const query = parse('spec_storage=128GB,64GB&spec_ram=8GB&spec_storage=128gb&brand=Tecno');
    expect(query.specs).toEqual({ ram: ['8gb'], storage: ['128gb', '64gb'] });
    expect(Object.keys(query.specs!)).toEqual(['ram', 'storage']);
    expect(JSON.stringify(parse('spec_ram=8GB&spec_storage=64GB').specs)).toBe(JSON.stringify(parse('spec_storage=64GB&spec_ram=8GB').specs));
    expect(parse('spec_storage=&spec_ram=,').specs).toBeUndefined();
  });

  it('refuses a key it cannot read, long values and too many specifications', () => {
    expect(problem('spec_Storage=1')).toMatch(/^specs\.Storage: /);
    expect(problem(`spec_storage=${'x'.repeat(61)}`)).toBe('specs.storage.0: each value must be at most 60 characters');
    expect(problem(Array.from({ length: 11 }, (_, i) => `spec_s${i}=1`).join('&'))).toBe('specs: must name at most 10 specifications');
  });
});
