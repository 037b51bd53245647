import { describe, expect, it } from 'vitest';
import { feeExample, ratesForPage, splitAtCommissionRates, showsCommissionRates, type CommissionRate } from '../../src/lib/commission-table';
import { renderMarkdown, plainText } from '../../src/server/content/markdown';

const RATES: CommissionRate[] = [
  { category_id: null, category: 'Everything else', rate_percent: 8 },
  { category_id: 3, category: 'Phones & Tablets', rate_percent: 5 },
  { category_id: 7, category: 'Fashion', rate_percent: 10 },
];

describe('the commission table in a page', () => {
  it('takes the place of the line that asks for it, in the rendered page', async () => {
    const markdown = 'We take a commission:\n\n{{commission-rates}}\n\n## Rules';
    expect(showsCommissionRates(markdown)).toBe(true);
    const [before, after] = splitAtCommissionRates(await renderMarkdown(markdown))!;
    expect(before).toContain('We take a commission:');
    expect(before).not.toContain('{{');
    expect(after).toContain('Rules');
    expect(after).not.toContain('{{');
  });

  it('is not there when the text does not ask for it, or names it inside a sentence', async () => {
    expect(splitAtCommissionRates(await renderMarkdown('No table here.'))).toBeNull();
    expect(splitAtCommissionRates(await renderMarkdown('Write {{commission-rates}} on a line of its own.'))).toBeNull();
    expect(showsCommissionRates('No table here.')).toBe(false);
  });

  it('is left out of the words the page search reads', () => {
    expect(plainText('Fees\n\n{{commission-rates}}\n\nRules')).toBe('Fees Rules');
  });

  it('lists the categories first and everything else last', () => {
    expect(ratesForPage(RATES).map((rate) => rate.category_id)).toEqual([3, 7, null]);
  });
});

describe('the worked example under the table', () => {
  it('uses the fashion rate: shoes at UGX 80,000 leave UGX 72,000 at 10%', () => {
    expect(feeExample(RATES)).toEqual({ price: 80_000, rate_percent: 10, commission: 8_000, net: 72_000 });
  });

  it('follows a changed rate, in whole shillings that add up to the price', () => {
    const example = feeExample(RATES.map((rate) => (rate.category === 'Fashion' ? { ...rate, rate_percent: 12.35 } : rate)))!;
    expect(example).toEqual({ price: 80_000, rate_percent: 12.35, commission: 9_880, net: 70_120 });
    const odd = feeExample([{ category_id: null, category: 'Everything else', rate_percent: 0.01 }])!;
    expect(Number.isInteger(odd.commission) && odd.commission + odd.net === 80_000).toBe(true);
  });

  it('takes the rate of everything else when fashion has none of its own, and is left out without any rate', () => {
    expect(feeExample(RATES.filter((rate) => rate.category !== 'Fashion'))!.rate_percent).toBe(8);
    expect(feeExample([])).toBeNull();
  });
});
