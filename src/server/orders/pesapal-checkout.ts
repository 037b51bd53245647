/**
 * Paying a placed order with Pesapal the way the spec's other clients do: GET pesapal/config,
 * POST pesapal/initialize {order_id} (where to pay and the tracking id) and GET pesapal/status/{order_id}.
 * These are other names for what POST orders/{id}/pay and GET orders/{id}/payment do, through the same
 * services: an attempt whose payment page is still open is handed back instead of a second one being
 * started, a paid order is never asked to pay again, and a payment counts only on Pesapal's own word.
 */
import { Conflict, Unavailable } from '../errors';
import { ALREADY_PAID, availableGateways } from '../payments/payments';
import { failureMessageOf } from '../payments/gateway';
import { pesapalEnvironment } from '../payments/gateways/pesapal';
import type { SessionUser } from '../accounts/sessions';
import type { Language } from '../../lib/i18n/languages';
import { getOrder, type OrderDetails } from './orders';
import { checkPayment, retryPayment } from './place-order';
import { message } from '../../lib/messages/message';

/** What a client needs to know before offering Pesapal; never a key or a secret. */
export type PesapalConfig = {
  enabled: boolean;
  environment: 'sandbox' | 'live' | 'other';
  currency: 'UGX';
  /** Where Pesapal sends the buyer back: {order_id} is the order. */
  callback_url: string;
  notification_url: string;
};

export function pesapalConfig(origin: string): PesapalConfig {
  return {
    enabled: availableGateways().includes('pesapal'),
    environment: pesapalEnvironment(),
    currency: 'UGX',
    callback_url: `${origin}/payment/callback/{order_id}`,
    notification_url: `${origin}/api/payments/pesapal/ipn`,
  };
}

/** An order's Pesapal payment as the spec's clients read it, with our payment_status beside their status. */
export type PesapalPayment = {
  order_id: number;
  status: string;
  payment_status: string;
  order_tracking_id: string;
  merchant_reference: string;
  redirect_url: string;
  amount: number;
  currency: string;
  payment_method: string;
  confirmation_code: string;
};

function pesapalPayment(order: OrderDetails): PesapalPayment {
  const payment = order.payment;
  const detail = (name: string) => (typeof payment?.details[name] === 'string' ? (payment.details[name] as string) : '');
  const open = payment?.status === 'PENDING_PAYMENT';
  return {
    order_id: order.id,
    status: order.payment_status,
    payment_status: order.payment_status,
    order_tracking_id: payment?.gateway_reference ?? '',
    merchant_reference: payment?.merchant_reference ?? '',
    redirect_url: open ? (payment?.redirect_url ?? '') : '',
    amount: payment?.amount ?? order.total,
    currency: order.currency,
    payment_method: detail('payment_method'),
    confirmation_code: detail('confirmation_code'),
  };
}

/**
 * Where to pay for the caller's order: the Pesapal page already open for it, or a new attempt when the
 * last one failed or was cancelled, or when the client asks to come back to `returnUrl` and the open page
 * sends the buyer elsewhere (the open attempt is closed first, as for any new one, so money moves once).
 * Refused for an order paid already, paid another way, or cancelled.
 */
export async function initializePesapal(user: SessionUser, orderId: number, origin: string, returnUrl: string | null = null): Promise<PesapalPayment> {
  const order = await getOrder(user.id, orderId);
  if (order.payment_gateway !== 'pesapal') throw new Conflict(message('payment', 'notPesapal'));
  if (order.payment_status === 'COMPLETED') throw new Conflict(ALREADY_PAID);
  const current = order.payment;
  const returnsAsAsked = returnUrl === null || current?.details.return_url === returnUrl;
  if (current?.gateway === 'pesapal' && current.status === 'PENDING_PAYMENT' && current.redirect_url && returnsAsAsked) return pesapalPayment(order);
  const retried = await retryPayment(user, orderId, origin, '', order.language as Language, returnUrl);
  if (retried.payment?.status === 'FAILED') {
    throw new Unavailable(failureMessageOf(retried.payment.details) ?? message('payment', 'pesapalFailed'));
  }
  return pesapalPayment(retried);
}

/** The caller's order's payment after asking Pesapal how it went. */
export async function pesapalStatus(user: SessionUser, orderId: number): Promise<PesapalPayment> {
  return pesapalPayment(await checkPayment(user, orderId));
}
