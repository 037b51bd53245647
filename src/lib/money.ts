/** Money is integer UGX: shown without decimals and with thousands separators, e.g. 'UGX 1,250,000'. */
export const CURRENCY = 'UGX';

/** Reads a price as the API gives it (number or numeric string) into whole shillings; NaN when unreadable. */
export function toShillings(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
  return Number.isFinite(amount) ? Math.round(amount) : Number.NaN;
}

export function groupThousands(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return sign + String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatUGX(value: number | string | null | undefined): string {
  const amount = toShillings(value);
  return `${CURRENCY} ${groupThousands(Number.isNaN(amount) ? 0 : amount)}`;
}

/** The saving against the older price_2, or null when there is none. */
export function saving(price1: number | string, price2: number | string | null | undefined) {
  const now = toShillings(price1);
  const before = toShillings(price2);
  if (Number.isNaN(now) || Number.isNaN(before) || before <= now) return null;
  return { amount: before - now, percent: Math.round(((before - now) / before) * 100) };
}
