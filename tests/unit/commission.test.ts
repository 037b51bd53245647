import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, commissionOfLines, percentToBasisPoints, returnedCommission, shareByLargestRemainder } from '~/lib/commission';
import { Random } from '~/server/demo-data/random';

describe('percent and basis points', () => {
  it.each([
    [8, 800],
    [8.5, 850],
    ['8.25', 825],
    ['0', 0],
    [0.01, 1],
    [100, 10_000],
    ['100.00', 10_000],
  ])('reads %s%% as %s basis points and back', (percent, basisPoints) => {
    expect(percentToBasisPoints(percent)).toEqual({ basisPoints });
    expect(basisPointsToPercent(basisPoints)).toBe(Number(percent));
  });

  it.each([
    [8.555, 'at most two decimals'],
    ['12.345', 'at most two decimals'],
    [100.01, 'must be a percent from 0 to 100'],
    [-1, 'must be a percent from 0 to 100'],
    ['abc', 'must be a percent from 0 to 100'],
    ['', 'must be a percent from 0 to 100'],
    [null, 'must be a percent from 0 to 100'],
    [Number.NaN, 'must be a percent from 0 to 100'],
    [1e21, 'must be a percent from 0 to 100'],
  ])('refuses %s: %s', (percent, problem) => {
    expect(percentToBasisPoints(percent)).toEqual({ problem });
  });
});

describe('commission of a part', () => {
  it('rounds the part once, half up, and shares it by largest remainder', () => {
    // 3 × 3333 at 5%: 166.65 each, 499.95 in all → 500: two lines 167 and one 166, the earlier first.
    expect(commissionOfLines([3333, 3333, 3333].map((gross) => ({ gross, basisPoints: 500 })))).toEqual([167, 167, 166]);
    expect(commissionOfLines([{ gross: 10_000, basisPoints: 850 }])).toEqual([850]);
    expect(commissionOfLines([{ gross: 15, basisPoints: 1000 }])).toEqual([2]);
    expect(commissionOfLines([{ gross: 14, basisPoints: 1000 }])).toEqual([1]);
    expect(commissionOfLines([])).toEqual([]);
    expect(commissionOfLines([{ gross: 5000, basisPoints: 0 }])).toEqual([0]);
  });

  it('never loses or invents a shilling over random parts of mixed rates', () => {
    const random = new Random(38);
    for (let run = 0; run < 2000; run++) {
      const lines = Array.from({ length: random.int(1, 12) }, () => ({
        gross: random.int(1, 99) * random.int(1, 3_000_000),
        basisPoints: random.pick([0, 1, 500, 600, 825, 800, 1000, 1234, 9999, 10_000]),
      }));
      const commissions = commissionOfLines(lines);
      const exact = lines.reduce((sum, line) => sum + (line.gross * line.basisPoints) / 10_000, 0);
      const total = commissions.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      commissions.forEach((commission, i) => {
        const line = lines[i]!;
        expect(Number.isInteger(commission)).toBe(true);
        expect(Math.abs(commission - (line.gross * line.basisPoints) / 10_000)).toBeLessThan(1 + 1e-9);
        expect(commission).toBeLessThanOrEqual(line.gross);
        expect(commission).toBeGreaterThanOrEqual(0);
      });
    }
  });
});

describe('sharing shillings', () => {
  it('adds up to the total over random weights', () => {
    const random = new Random(7);
    for (let run = 0; run < 2000; run++) {
      const weights = Array.from({ length: random.int(1, 8) }, () => random.int(0, 500_000));
      const total = random.int(0, 2_000_000);
      const shares = shareByLargestRemainder(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      shares.forEach((share, i) => expect(Math.abs(share - (sum === 0 ? (i === 0 ? total : 0) : (total * weights[i]!) / sum))).toBeLessThan(1));
    }
  });
});

describe('the commission a return gives back', () => {
  it('gives back the whole commission, to the shilling, however the units come back', () => {
    const random = new Random(99);
    for (let run = 0; run < 2000; run++) {
      const quantity = random.int(1, 20);
      const commission = random.int(0, 500_000);
      let before = 0;
      let given = 0;
      while (before < quantity) {
        const now = random.int(1, quantity - before);
        const share = returnedCommission(commission, quantity, before, now);
        expect(share).toBeGreaterThanOrEqual(0);
        given += share;
        before += now;
        if (before < quantity) expect(Math.abs(given - (commission * before) / quantity)).toBeLessThanOrEqual(0.5);
      }
      expect(given).toBe(commission);
    }
  });

  it('takes a partial return in proportion', () => {
    expect(returnedCommission(850, 2, 0, 1)).toBe(425);
    expect(returnedCommission(167, 3, 0, 1)).toBe(56);
    expect(returnedCommission(167, 3, 1, 1)).toBe(55);
    expect(returnedCommission(167, 3, 2, 1)).toBe(56);
  });
});
