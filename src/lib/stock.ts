/**
 * How much is left and how urgently to say so (spec section 9): a warning under 10 left, 'low' once
 * 70% of the stock is sold and 'critical' at 90%.
 */
import type { PageTranslator } from './i18n/catalogues';

export const STOCK_WARNING_THRESHOLD = 10;
export const LOW_STOCK_SOLD_PERCENT = 70;
export const CRITICAL_STOCK_SOLD_PERCENT = 90;

export type StockLevel = 'out' | 'critical' | 'low' | 'normal';

/** What to warn a shopper about: nothing left, only a few left, or most of it sold. */
export type StockWarning = { kind: 'out' } | { kind: 'few-left'; left: number } | { kind: 'selling-fast'; soldPercent: number };

export type StockStatus = {
  left: number;
  soldPercent: number;
  level: StockLevel;
  /** A short line for the shopper (`stockWarningText` words it), or null when there is nothing to warn about. */
  warning: StockWarning | null;
};

export function stockStatus(stock: { items_sold: number; total_items: number }, inStock: number | boolean = 1): StockStatus {
  const total = Math.max(0, stock.total_items);
  const sold = Math.min(Math.max(0, stock.items_sold), total);
  const left = total - sold;
  const soldPercent = total > 0 ? Math.round((sold / total) * 100) : 100;
  if (!inStock || left <= 0) return { left: 0, soldPercent: 100, level: 'out', warning: { kind: 'out' } };
  const level: StockLevel = soldPercent >= CRITICAL_STOCK_SOLD_PERCENT ? 'critical' : soldPercent >= LOW_STOCK_SOLD_PERCENT ? 'low' : 'normal';
  const warning: StockWarning | null =
    left < STOCK_WARNING_THRESHOLD ? { kind: 'few-left', left } : level === 'normal' ? null : { kind: 'selling-fast', soldPercent };
  return { left, soldPercent, level, warning };
}

/** The warning in the page's language: "Out of stock", "Only 3 left", "75% sold". */
export function stockWarningText(warning: StockWarning, { t, count, fill }: Pick<PageTranslator, 't' | 'count' | 'fill'>): string {
  const words = t.storefront.stock;
  if (warning.kind === 'out') return words.out;
  if (warning.kind === 'few-left') return count(words.fewLeft, warning.left);
  return fill(words.sellingFast, { percent: warning.soldPercent });
}
