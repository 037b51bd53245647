/**
 * Sending money to a vendor's mobile money wallet (MTN MoMo Disbursement, Airtel Money disbursement), beside
 * the collection clients. The store chooses each transfer's reference before it sends, keeps it with the
 * payout, and asks the network about it by that reference: a store that stopped between sending and hearing
 * back can still learn what happened, and a transfer sent twice under one reference is refused by the network.
 */
import { createAirtelMoneyDisbursement } from './gateways/airtel-money-disbursement';
import type { Disbursement, DisbursementNetwork } from './disbursement-types';
import { createMtnMomoDisbursement } from './gateways/mtn-momo-disbursement';

export type { Disbursement, DisbursementNetwork, DisbursementRequest, DisbursementStatus } from './disbursement-types';

const clients = new Map<DisbursementNetwork, Disbursement | null>();

/**
 * The client that pays a vendor through its payout method (mtn_momo, airtel_money), made once per process so
 * its token is shared; null for a bank payout or when that network's disbursement is not set up.
 */
export function disbursementFor(method: string): Disbursement | null {
  if (method !== 'mtn_momo' && method !== 'airtel_money') return null;
  if (!clients.has(method)) {
    clients.set(method, method === 'mtn_momo' ? createMtnMomoDisbursement() : createAirtelMoneyDisbursement());
  }
  return clients.get(method) ?? null;
}
