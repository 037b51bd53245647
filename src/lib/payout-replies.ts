/**
 * The payouts API's reply shapes (docs/api.md, "Vendor payouts"), shared by the services that build them and the
 * payouts screens that read them.
 */

export const PAYOUT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A vendor's balance: `available` may be negative after a debit (cash its riders collected); `owed` is what the
 * vendor owes the store (≥ 0), `frozen` what waits on a disputed delivery, `cod_credit_limit` the most it may owe
 * before cash on delivery is switched off for its items.
 */
export type LedgerBalance = {
  pending: number;
  available: number;
  frozen: number;
  owed: number;
  cod_credit_limit: number;
  paid_out: number;
  commission: number;
  currency: 'UGX';
  hold: { reason: string; since: string } | null;
  minimum: number;
  hold_days: number;
  /** The next day a payout run starts by itself (YYYY-MM-DD, Kampala), or null when runs are started by hand. */
  next_payout_day: string | null;
  /** Whether the vendor has said where its payouts go. */
  has_payout_method: boolean;
};

export const LEDGER_LINE_KINDS = ['sale', 'cash_collected', 'return', 'reversal', 'payout', 'payout_returned', 'settlement'] as const;

/** One line of a vendor's earnings ledger: a return's and cash collected's amounts are negative. */
export type LedgerLine = {
  id: number;
  kind: (typeof LEDGER_LINE_KINDS)[number];
  order_id: number | null;
  part_id: number | null;
  order_item_id: number | null;
  return_id: number | null;
  payout_id: number | null;
  settlement_id: number | null;
  product_name: string;
  quantity: number;
  gross: number;
  commission: number;
  net: number;
  rate_percent: number | null;
  status: 'pending' | 'available' | 'frozen';
  available_at: string;
  created_at: string;
};

/** A payout; `When` is a Date where the server builds it and the ISO text JSON makes of it in the browser. */
export type PayoutReply<When = string> = {
  id: number;
  vendor_id: number;
  vendor_name: string;
  amount: number;
  method: string;
  status: PayoutStatus;
  reference: string;
  failure_reason: string;
  created_at: When;
  completed_at: When | null;
};
