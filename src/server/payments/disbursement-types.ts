/** What a disbursement client is and answers (disbursement.ts says how the store uses one). */

export type DisbursementNetwork = 'mtn_momo' | 'airtel_money';

export type DisbursementRequest = {
  /** The id the network knows the transfer by (a UUID v4), chosen by the store and kept with the payout. */
  reference: string;
  /** Whole UGX. */
  amount: number;
  /** The vendor's wallet, E.164 (+2567XXXXXXXX). */
  phone: string;
  /** A short note the vendor sees with the money. */
  note: string;
};

/**
 * What the network says of a transfer. PENDING: accepted, not final. SUCCESSFUL: the money reached the wallet
 * (`transactionId`: the network's id). FAILED: refused or failed for good (`reason`). UNKNOWN: the network has
 * no transfer under that reference (it never arrived), so it may be sent again under the same reference.
 * A call the network did not answer throws: the transfer's fate is then learned by asking its status later.
 */
export type DisbursementStatus = {
  state: 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'UNKNOWN';
  transactionId?: string;
  reason?: string;
};

export interface Disbursement {
  readonly network: DisbursementNetwork;
  send(request: DisbursementRequest): Promise<DisbursementStatus>;
  status(reference: string): Promise<DisbursementStatus>;
}
