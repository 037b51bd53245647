/** Returns as the order page reads them from GET orders/{id} (src/server/returns/return-view.ts has the server's side). */
import type { RefundMethod, ReturnReason, ReturnStatus } from '~/lib/return-rules';

/** Until when a part may be returned (null until it is delivered), and how many of each line may still be asked back now. */
export type PartReturnWindow = { return_until: string | null; returnable: { order_item_id: number; quantity: number }[] };

export type ReturnView = {
  id: number;
  order_id: number;
  part_id: number;
  status: ReturnStatus;
  status_label: string;
  reason: ReturnReason;
  reason_label: string;
  details: string;
  photos: string[];
  amount: number;
  /** The vendor's or administrator's last word: why it was refused, where to bring the items, how it was paid back. */
  note: string;
  refund_method: RefundMethod | '';
  vendor_name: string;
  created_at: string;
  updated_at: string;
  lines: { order_item_id: number; product_name: string; quantity: number; unit_price: number; subtotal: number }[];
  refund_pending_through: string | null;
};
