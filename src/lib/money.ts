/**
 * Money is integer UGX: shown without decimals and with thousands separators, e.g. 'UGX 1,250,000'. The
 * amount is written as each language's locale writes it (CLDR's en-UG, lg-UG and sw-UG): the code first in
 * English and Swahili, after the amount in Luganda. Written out rather than left to Intl, which phones lack
 * for Luganda (a Chromium build formats lg-UG as English), so a page's server HTML and its islands agree.
 */
import type { Language } from './i18n/languages';

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

export function formatUGX(value: number | string | null | undefined, language: Language = 'en'): string {
  const amount = toShillings(value);
  const digits = groupThousands(Number.isNaN(amount) ? 0 : amount);
  return language === 'lg' ? `${digits} ${CURRENCY}` : `${CURRENCY} ${digits}`;
}

/** The saving against the older price_2, or null when there is none. */
export function saving(price1: number | string, price2: number | string | null | undefined) {
  const now = toShillings(price1);
  const before = toShillings(price2);
  if (Number.isNaN(now) || Number.isNaN(before) || before <= now) return null;
  return { amount: before - now, percent: Math.round(((before - now) / before) * 100) };
}
