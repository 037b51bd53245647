/**
 * A network's callback about a payout: only a hint. The transfer's reference is read from the body (MTN's
 * `externalId` or `referenceId`, Airtel's `transaction.id`) or the callback address's `reference`, and the
 * network itself is asked what became of it; nothing else in the body is believed.
 */
import { readBody } from './body';
import { json } from './envelope';
import { handlePayoutCallback } from '../payouts/payout-reconcile';
import type { DisbursementNetwork } from '../payments/disbursement';
import { log } from '../log';

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null);

function payoutReference(request: Request, body: Record<string, unknown> | null): string | null {
  const transaction = body?.transaction as Record<string, unknown> | undefined;
  return text(new URL(request.url).searchParams.get('reference')) ?? text(body?.externalId) ?? text(body?.referenceId) ?? text(transaction?.id);
}

export async function receivePayoutCallback(network: DisbursementNetwork, request: Request): Promise<Response> {
  const body = await readBody(request).catch(() => null);
  const reference = payoutReference(request, body);
  if (!reference) return json({ received: false, reason: 'no payout reference' }, { status: 400 });
  const known = await handlePayoutCallback(reference).catch((error: unknown) => {
    log.error({ err: error }, `[payouts] ${network} callback failed`);
    return true;
  });
  return json({ received: known }, { status: known ? 200 : 404 });
}
