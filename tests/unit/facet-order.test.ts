import { describe, expect, it } from 'vitest';
import { compareSizes, inShoppingOrder, inSizeOrder } from '~/lib/facet-order';
import { bandLimits, parsePriceValue, priceValue } from '~/lib/price-bands';

const named = (...names: string[]) => names.map((name, i) => ({ name, count: 100 - i }));
const names = (list: { name: string }[]) => list.map((value) => value.name);

describe('sizes in size order', () => {
  it('puts letter sizes from small to large, however they came and however they are written', () => {
    expect(names(inSizeOrder(named('XL', 'M', 'S', 'XXL', 'L', '3XL', 'XS')))).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL']);
    expect(names(inSizeOrder(named('2XL', 'xl', 'xxs', 'Large', 'Small', 'Medium')))).toEqual(['xxs', 'Small', 'Medium', 'Large', 'xl', '2XL']);
  });

  it('puts numbers by their value, not as text', () => {
    expect(names(inSizeOrder(named('44', '9', '40', '10.5', '38')))).toEqual(['9', '10.5', '38', '40', '44']);
    expect(names(inSizeOrder(named('Size 5', 'Size 4')))).toEqual(['Size 4', 'Size 5']);
    expect(names(inSizeOrder(named('EU 42', 'EU 38')))).toEqual(['EU 38', 'EU 42']);
  });

  it('puts children’s ages in months and years by age', () => {
    expect(names(inSizeOrder(named('1-2Y', '6-12M', '11-12Y', '0-3M', '3-6M', '5-6Y')))).toEqual(['0-3M', '3-6M', '6-12M', '1-2Y', '5-6Y', '11-12Y']);
  });

  it('puts letter sizes before numbers, and words after both, by name', () => {
    expect(names(inSizeOrder(named('One size', '42', 'M', 'Free')))).toEqual(['M', '42', 'Free', 'One size']);
    expect(compareSizes('S', 'S')).toBe(0);
  });
});

describe('specifications in the order shoppers read them', () => {
  it('orders measures by what they measure: storage in GB and TB, volumes, weights', () => {
    expect(names(inShoppingOrder(named('256GB', '64GB', '1TB', '128GB', '512GB')))).toEqual(['64GB', '128GB', '256GB', '512GB', '1TB']);
    expect(names(inShoppingOrder(named('1.5 L', '500ml', '2L')))).toEqual(['500ml', '1.5 L', '2L']);
    expect(names(inShoppingOrder(named('1kg', '500g', '25kg')))).toEqual(['500g', '1kg', '25kg']);
  });

  it('keeps the counts’ order when some value is not a measure', () => {
    expect(names(inShoppingOrder(named('Cotton', 'Polyester', 'Leather')))).toEqual(['Cotton', 'Polyester', 'Leather']);
    expect(names(inShoppingOrder(named('8GB', 'Over 85%')))).toEqual(['8GB', 'Over 85%']);
  });
});

describe('a price band as one value of the filter form', () => {
  it('asks for its min (none at 0) up to just under its max (none when open), and back', () => {
    expect(bandLimits(0, 100_000)).toEqual({ max_price: 99_999 });
    expect(bandLimits(100_000, 200_000)).toEqual({ min_price: 100_000, max_price: 199_999 });
    expect(bandLimits(500_000, null)).toEqual({ min_price: 500_000 });
    for (const limits of [bandLimits(0, 100_000), bandLimits(100_000, 200_000), bandLimits(500_000, null)])
      expect(parsePriceValue(priceValue(limits))).toEqual(limits);
    expect(priceValue({ min_price: 100_000, max_price: 199_999 })).toBe('100000-199999');
  });

  it('refuses a value that is not two whole numbers joined by "-"', () => {
    for (const bad of ['cheap', '100000', '1e5-2e5', '-5-10', '100000-199999-3']) expect(parsePriceValue(bad), bad).toBeUndefined();
  });
});
