import { describe, expect, it } from 'vitest';
import { feeExample, ratesForPage, splitAtCommissionRates, showsCommissionRates, type CommissionRate } from '../../src/lib/commission-table';
import { renderMarkdown, plainText } from '../../src/server/content/markdown';

const RATES: CommissionRate[] = [
  { category_id: null, category: 'Everything else', rate_percent: 8 },
  { category_id: 3, category: 'Phones & Tablets', rate_percent: 5 },
  { category_id: 7, category: 'Fashion', rate_percent: 10 },
];
const rates = async () => RATES;
const SELL_FEES = 'We take a commission:\n\n{{commission-rates}}\n\n## Rules';

describe('the commission table in a page', () => {
  it('takes the place of the line that asks for it, with the rates as charged and the example made from them', async () => {
    expect(showsCommissionRates(SELL_FEES)).toBe(true);
    const html = await renderMarkdown(SELL_FEES, { commissionRates: rates });
    expect(html).not.toContain('{{');
    expect(html).toMatch(/We take a commission:.*<table class="commission-rates">.*<\/table>.*Rules/s);
    expect(html).toContain(
      '<tr><td>Phones &amp; Tablets</td><td>5%</td></tr><tr><td>Fashion</td><td>10%</td></tr><tr><td>Everything else</td><td>8%</td></tr>',
    );
    expect(html).toContain('Example: you sell a pair of shoes for UGX 80,000. The commission is 10%, so UGX 8,000. You receive UGX 72,000');
  });

  it('speaks the page’s language, money written as that language writes it', async () => {
    const luganda = await renderMarkdown(SELL_FEES, { language: 'lg', commissionRates: rates });
    expect(luganda).toContain('<th scope="col">Ekika</th><th scope="col">Kamisoni</th>');
    expect(luganda).toContain('<td>Ebirala byonna</td><td>8%</td>');
    expect(luganda).toContain('Okugeza: otunda engatto ku 80,000 UGX. Kamisoni eri 10%, kwe kugamba 8,000 UGX.');
    const swahili = await renderMarkdown(SELL_FEES, { language: 'sw', commissionRates: rates });
    expect(swahili).toContain('<td>Vinginevyo vyote</td><td>8%</td>');
    expect(swahili).toContain('Unapokea UGX 72,000');
  });

  it('shows a category name as text, never as markup', async () => {
    const html = await renderMarkdown(SELL_FEES, {
      commissionRates: async () => [{ category_id: 9, category: '<img src=x onerror=alert(1)>', rate_percent: 7 }],
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('is not there when the text does not ask for it, or names it inside a sentence, and then reads no rates', async () => {
    const unread = async (): Promise<CommissionRate[]> => {
      throw new Error('the rates were read');
    };
    expect(await renderMarkdown('No table here.', { commissionRates: unread })).not.toContain('<table');
    expect(await renderMarkdown('Write {{commission-rates}} on a line of its own.', { commissionRates: unread })).toContain('{{commission-rates}}');
    expect(splitAtCommissionRates('<p>No table here.</p>')).toBeNull();
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
