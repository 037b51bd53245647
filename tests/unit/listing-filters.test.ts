import { describe, expect, it } from 'vitest';
import { isFormFilter, withoutFilters, withoutPrice, withoutStockFilter, withoutValue } from '~/lib/listing-filters';

const at = (address: string) => new URL(address, 'http://store.test');

describe('the chips that drop one filter each', () => {
  it('drops one value of a filter, keeping its other values, every other filter and the sort, back on page 1', () => {
    const url = at('/category/13?brand=Tecno&brand=Infinix&spec_storage=128GB&sort=price_asc&page=3');
    expect(withoutValue(url, 'brand', 'infinix')).toBe('/category/13?spec_storage=128GB&sort=price_asc&brand=Tecno');
    expect(withoutValue(url, 'spec_storage', '128GB')).toBe('/category/13?brand=Tecno&brand=Infinix&sort=price_asc');
    // A comma-separated list loses that one value.
    expect(withoutValue(at('/products?color=Black,Blue'), 'color', 'Black')).toBe('/products?color=Blue');
  });

  it('drops a brand however the address wrote it', () => {
    expect(withoutValue(at('/category/1?brand=Samsung%20Galaxy&brand=Tecno'), 'brand', 'Samsung')).toBe('/category/1?brand=Tecno');
  });

  it('drops the price however it was written, the stock filter, or every filter but what is listed and its order', () => {
    const url = at('/products?search=phone&price=100000-199999&min_price=5&max_price=9&in_stock=1&size=M&sort=newest');
    expect(withoutPrice(url)).toBe('/products?search=phone&in_stock=1&size=M&sort=newest');
    expect(withoutStockFilter(url)).toBe('/products?search=phone&price=100000-199999&min_price=5&max_price=9&size=M&sort=newest');
    expect(withoutFilters(url)).toBe('/products?search=phone&sort=newest');
    expect(withoutFilters(at('/category/2?brand=X'))).toBe('/category/2');
  });

  it('tells the form’s own fields from what it keeps hidden', () => {
    for (const key of ['brand', 'color', 'size', 'spec_ram', 'price', 'min_price', 'max_price', 'in_stock']) expect(isFormFilter(key), key).toBe(true);
    for (const key of ['category', 'search', 'sort', 'vendor', 'page']) expect(isFormFilter(key), key).toBe(false);
  });
});
