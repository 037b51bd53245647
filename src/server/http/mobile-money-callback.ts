/**
 * A mobile money network's callback, answered for either network: the body names our merchant reference,
 * and the payments service asks the network itself what became of it. The reply says only whether the
 * request was known; nothing in the body is believed.
 */
import { readBody } from './body';
import { json } from './envelope';
import { callbackReference, handleMobileMoneyCallback } from '../payments/mobile-money-news';
import type { MobileMoneyGateway } from '../../lib/mobile-money';
import { log } from '../log';

export async function receiveMobileMoneyCallback(gateway: MobileMoneyGateway, request: Request): Promise<Response> {
  const body = await readBody(request).catch(() => null);
  const reference = body && callbackReference(gateway, body);
  if (!reference) return json({ received: false, reason: 'no payment reference in the body' }, { status: 400 });
  const known = await handleMobileMoneyCallback(gateway, reference).catch((error: unknown) => {
    log.error({ err: error }, `[payments] ${gateway} callback failed`);
    return true;
  });
  return json({ received: known }, { status: known ? 200 : 404 });
}
