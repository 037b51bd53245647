import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { readBody } from '~/server/http/body';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { publicOrigin } from '~/server/http/origin';
import { retryPayment } from '~/server/orders/place-order';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';
import { languageOfAcceptLanguage } from '~/lib/i18n/languages';

/**
 * POST orders/{id}/pay: a new online payment attempt; the reply's payment.redirect_url is where to pay. A
 * mobile money order may name the number to ask (`payment_phone`); otherwise the last one is asked again. The
 * gateway sends the buyer back to the payment pages in the language asked for (`Accept-Language`).
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const { payment_phone } = await readBody(request);
  const phone = typeof payment_phone === 'string' ? payment_phone : '';
  const language = languageOfAcceptLanguage(request.headers.get('Accept-Language'));
  const order = await retryPayment(caller, routeId(params.id, ORDER_MESSAGES.notFound), publicOrigin(), phone, language);
  return ok(order, 'Payment started', { headers: privateNoStore });
});
