import { describe, expect, it } from 'vitest';
import { rangeEdges, roundPrice } from '~/server/catalog/filters';

describe('price range edges', () => {
  it('rounds to two significant figures', () => {
    expect(roundPrice(123_456)).toBe(120_000);
    expect(roundPrice(7_850)).toBe(7_900);
    expect(roundPrice(2_450_000)).toBe(2_500_000);
    expect(roundPrice(55)).toBe(55);
  });

  it('starts at zero and keeps only increasing edges', () => {
    expect(rangeEdges([12_300, 48_000, 49_000, 250_000])).toEqual([0, 12_000, 48_000, 49_000, 250_000]);
    expect(rangeEdges([5_000, 5_010, 5_020])).toEqual([0, 5_000]);
    expect(rangeEdges([])).toEqual([0]);
  });
});
