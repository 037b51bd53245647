import { describe, expect, it } from 'vitest';
import { formatUGX, groupThousands, saving, toShillings } from '~/lib/money';

describe('formatUGX', () => {
  it.each([
    [1250000, 'UGX 1,250,000'],
    ['1250000', 'UGX 1,250,000'],
    ['1,250,000', 'UGX 1,250,000'],
    [999, 'UGX 999'],
    [1000, 'UGX 1,000'],
    [0, 'UGX 0'],
    [4999.6, 'UGX 5,000'],
    [-15000, 'UGX -15,000'],
    ['abc', 'UGX 0'],
    [null, 'UGX 0'],
    [undefined, 'UGX 0'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatUGX(value as number | string | null | undefined)).toBe(expected);
  });

  it('groups any size of number', () => {
    expect(groupThousands(1234567890)).toBe('1,234,567,890');
    expect(groupThousands(12)).toBe('12');
  });

  it('reads prices the way the API sends them', () => {
    expect(toShillings('35000')).toBe(35000);
    expect(toShillings(' 35,000 ')).toBe(35000);
    expect(toShillings('')).toBeNaN();
    expect(toShillings('12abc')).toBeNaN();
  });
});

describe('saving', () => {
  it('gives the amount and percentage saved against price_2', () => {
    expect(saving('750000', '1000000')).toEqual({ amount: 250000, percent: 25 });
    expect(saving(30000, '45000')).toEqual({ amount: 15000, percent: 33 });
  });

  it('is null when there is no older, higher price', () => {
    expect(saving('30000', '')).toBeNull();
    expect(saving('30000', null)).toBeNull();
    expect(saving('30000', '30000')).toBeNull();
    expect(saving('30000', '20000')).toBeNull();
  });
});
