/** A return as the API and the pages show it (returns.ts reads them), apart so the mail and the steps can name it. */
import type { returns } from '../db/schema';

export type ReturnRow = typeof returns.$inferSelect;

/** A line of a return: which line of the order, what it is, and how many come back. */
export type ReturnLineView = {
  order_item_id: number;
  product_id: number;
  product_name: string;
  color: string;
  size: string;
  variant: Record<string, string>;
  unit_price: number;
  quantity: number;
  subtotal: number;
  feature_photo: string;
};

/** A return as the API and the pages show it, with its lines, who handles it and until when its part could be returned. */
export type ReturnView = ReturnRow & {
  status_label: string;
  reason_label: string;
  vendor_id: number | null;
  vendor_name: string;
  customer_name: string;
  customer_phone: string;
  /** The last moment a return could be asked for its part (ISO). */
  return_until: string | null;
  lines: ReturnLineView[];
  /** What the payment ledger owes back for the items: due, refunded, or failed (the gateway refused), and through which gateway. */
  refunds: { amount: number; status: string; gateway: string }[];
  /** The gateway paying the money back by itself right now (nothing to record by hand), or null. */
  refund_pending_through: string | null;
};

/** Until when a part may be returned (null until it is delivered), and what of it may still be asked back now. */
export type PartReturnWindow = { return_until: string | null; returnable: { order_item_id: number; quantity: number }[] };
