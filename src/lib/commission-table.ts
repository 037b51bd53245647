/**
 * The commission table a marketer's page shows where its Markdown has the line `{{commission-rates}}`: the rates
 * as the store charges them (commission_rates, read when the page renders), never a copy typed into the text
 * that a rate change would leave wrong. The worked example under the table is made from the same rates.
 */

/** The line a page's Markdown keeps where the table goes; rendered alone it is a paragraph of its own. */
export const COMMISSION_RATES_MARKER = '{{commission-rates}}';

const MARKER_PARAGRAPH = `<p>${COMMISSION_RATES_MARKER}</p>`;

/** A rate as `GET /api/commission-rates` gives it; `category_id` null is everything else. */
export type CommissionRate = { category_id: number | null; category: string; rate_percent: number };

/** Whether a page's Markdown asks for the table. */
export const showsCommissionRates = (markdown: string): boolean => markdown.includes(COMMISSION_RATES_MARKER);

/** The page's HTML around the table's place: before and after it, or null when the page has no place for one. */
export function splitAtCommissionRates(html: string): [before: string, after: string] | null {
  const at = html.indexOf(MARKER_PARAGRAPH);
  if (at < 0) return null;
  return [html.slice(0, at), html.slice(at + MARKER_PARAGRAPH.length).replaceAll(MARKER_PARAGRAPH, '')];
}

/** The example's item: a pair of shoes, sold in the category named below (else at the rate of everything else). */
export const EXAMPLE_PRICE = 80_000;
const EXAMPLE_CATEGORY = 'fashion';

/** The rates in the order the page lists them: by category as given, everything else last. */
export function ratesForPage(rates: CommissionRate[]): CommissionRate[] {
  return [...rates.filter((rate) => rate.category_id !== null), ...rates.filter((rate) => rate.category_id === null)];
}

/** The worked example: what the store keeps and what the vendor receives on a pair of shoes, in whole UGX. */
export function feeExample(rates: CommissionRate[]): { price: number; rate_percent: number; commission: number; net: number } | null {
  const rate =
    rates.find((candidate) => candidate.category.trim().toLowerCase() === EXAMPLE_CATEGORY) ?? rates.find((candidate) => candidate.category_id === null);
  if (!rate) return null;
  const commission = Math.round((EXAMPLE_PRICE * Math.round(rate.rate_percent * 100)) / 10_000);
  return { price: EXAMPLE_PRICE, rate_percent: rate.rate_percent, commission, net: EXAMPLE_PRICE - commission };
}

/** The table's words in the page's language (src/lib/i18n/<language>/pages.ts, `commissionRates`). */
export type CommissionTableWords = { category: string; commission: string; everythingElse: string; example: string };

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The table and its example as HTML, in the words and money format of the page's language (`fill` and `money`
 * from its translator); category names are the store's own, said by `categoryName` in the page's language and
 * written as text.
 */
export function commissionTableHtml(
  rates: CommissionRate[],
  words: CommissionTableWords,
  { fill, money }: { fill: (text: string, values: Record<string, string>) => string; money: (amount: number) => string },
  categoryName: (category: string) => string = (category) => category,
): string {
  const rows = ratesForPage(rates)
    .map(
      (rate) => `<tr><td>${escapeText(rate.category_id === null ? words.everythingElse : categoryName(rate.category))}</td><td>${rate.rate_percent}%</td></tr>`,
    )
    .join('');
  const head = `<thead><tr><th scope="col">${escapeText(words.category)}</th><th scope="col">${escapeText(words.commission)}</th></tr></thead>`;
  const example = feeExample(rates);
  const sentence = example
    ? `<p>${escapeText(fill(words.example, { price: money(example.price), rate: `${example.rate_percent}%`, commission: money(example.commission), net: money(example.net) }))}</p>`
    : '';
  return `<table class="commission-rates">${head}<tbody>${rows}</tbody></table>${sentence}`;
}
