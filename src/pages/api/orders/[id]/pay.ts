import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { readBody } from '~/server/http/body';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { publicOrigin } from '~/server/http/origin';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { clientReturnAddress } from '~/server/http/return-address';
import { retryPayment, switchToCashOnDelivery } from '~/server/orders/place-order';
import { PAYMENT_GATEWAYS } from '~/lib/order-rules';
import { languageOfAcceptLanguage } from '~/lib/i18n/languages';
import { message } from '~/lib/messages/message';

const paySchema = z.object({
  payment_gateway: z.enum(PAYMENT_GATEWAYS, { error: `must be one of ${PAYMENT_GATEWAYS.join(', ')}` }).optional(),
  payment_phone: z.string().max(40).optional().catch(undefined),
  callback_url: z.unknown().optional(),
});

/**
 * POST orders/{id}/pay: a new online payment attempt; the reply's payment.redirect_url is where to pay. A
 * mobile money order may name the number to ask (`payment_phone`); otherwise the last one is asked again. With
 * `payment_gateway=cash_on_delivery` the buyer pays the rider instead. The gateway sends the buyer back to the
 * payment pages in the language asked for (`Accept-Language`), or to `callback_url` when the client names its own
 * page on the store's origin or one it lists.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  const { payment_gateway, payment_phone = '', callback_url } = paySchema.parse(await readBody(request));
  const returnUrl = clientReturnAddress(callback_url, orderId);
  if (payment_gateway === 'cash_on_delivery') {
    return ok(orderInReplyLanguage(await switchToCashOnDelivery(caller, orderId)), message('order', 'switchedToCash'), {
      headers: privateNoStore,
    });
  }
  const language = languageOfAcceptLanguage(request.headers.get('Accept-Language'));
  const order = await retryPayment(caller, orderId, publicOrigin(), payment_phone, language, returnUrl);
  return ok(orderInReplyLanguage(order), message('payment', 'started'), { headers: privateNoStore });
});
