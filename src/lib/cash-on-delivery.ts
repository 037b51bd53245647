/**
 * Who holds the cash of an order paid on delivery. Each vendor's rider delivers its own part and takes its price
 * at the door; the store's own parts are collected by the store. The delivery fee is paid once, at the first
 * door: with the part delivered first (the lower id when several arrive together).
 */

export type DeliveredPart = { id: number; vendor_id: number | null; delivered_at: Date; subtotal: number };

export type Collection = { part_id: number; vendor_id: number | null; amount: number };

/** What was collected for each delivered part, the delivery fee with the first. */
export function collections(delivered: readonly DeliveredPart[], deliveryFee: number): Collection[] {
  const inOrder = [...delivered].sort((a, b) => a.delivered_at.getTime() - b.delivered_at.getTime() || a.id - b.id);
  return inOrder.map((part, i) => ({ part_id: part.id, vendor_id: part.vendor_id, amount: part.subtotal + (i === 0 ? deliveryFee : 0) }));
}

/** How many wrong handover codes lock a part's code until an administrator unlocks it. */
export const HANDOVER_CODE_TRIES = 5;

/** A handover code as a person types it: four digits, spaces and dashes ignored; null when it is not four digits. */
export function handoverCodeOf(typed: unknown): string | null {
  if (typeof typed !== 'string' && typeof typed !== 'number') return null;
  const digits = String(typed).replace(/[\s-]/g, '');
  return /^\d{4}$/.test(digits) ? digits : null;
}
