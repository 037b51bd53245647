/**
 * How much is left and how urgently to say so (spec section 9): a warning under 10 left, 'low' once
 * 70% of the stock is sold and 'critical' at 90%.
 */
export const STOCK_WARNING_THRESHOLD = 10;
export const LOW_STOCK_SOLD_PERCENT = 70;
export const CRITICAL_STOCK_SOLD_PERCENT = 90;

export type StockLevel = 'out' | 'critical' | 'low' | 'normal';

export type StockStatus = {
  left: number;
  soldPercent: number;
  level: StockLevel;
  /** A short line for the shopper, or null when there is nothing to warn about. */
  warning: string | null;
};

export function stockStatus(stock: { items_sold: number; total_items: number }, inStock: number | boolean = 1): StockStatus {
  const total = Math.max(0, stock.total_items);
  const sold = Math.min(Math.max(0, stock.items_sold), total);
  const left = total - sold;
  const soldPercent = total > 0 ? Math.round((sold / total) * 100) : 100;
  if (!inStock || left <= 0) return { left: 0, soldPercent: 100, level: 'out', warning: 'Out of stock' };
  const level: StockLevel = soldPercent >= CRITICAL_STOCK_SOLD_PERCENT ? 'critical' : soldPercent >= LOW_STOCK_SOLD_PERCENT ? 'low' : 'normal';
  const warning = left < STOCK_WARNING_THRESHOLD ? `Only ${left} left` : level === 'normal' ? null : `${soldPercent}% sold`;
  return { left, soldPercent, level, warning };
}
