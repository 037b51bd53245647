/**
 * Pesapal API 3.0 (JSON). A payment takes four calls: a bearer token from the store's consumer key and
 * secret, an IPN id for our notification URL (RegisterIPN, once), SubmitOrderRequest (which gives the page
 * the buyer pays on) and GetTransactionStatus (the only answer we trust about the result; the IPN and the
 * callback carry no status). https://developer.pesapal.com/how-to-integrate/e-commerce/api-30-json/api-reference
 *
 * The token, the IPN ids and the judging of answers are in `pesapal-client.ts`.
 */
import { config, PESAPAL_SANDBOX_URL, type Config } from '../../config';
import { PaymentGatewayError, type CheckedPayment, type PaymentGateway, type PaymentRequest, type PaymentStatus, type StartedPayment } from '../gateway';
import { createPesapalClient, isRecord, type Json } from './pesapal-client';
import { message } from '../../../lib/messages/message';

export const PESAPAL_LIVE_URL = 'https://pay.pesapal.com/v3';

const DESCRIPTION_MAX = 100;

/**
 * GetTransactionStatus answers an order the buyer has not paid yet with status_code 0 (INVALID), this error
 * code and `status: "500"`. That is a pending payment, not a failed call.
 */
const PENDING_ERROR_CODE = 'payment_details_not_found';

type PesapalSettings = Pick<Config, 'PESAPAL_BASE_URL' | 'PESAPAL_CONSUMER_KEY' | 'PESAPAL_CONSUMER_SECRET' | 'PESAPAL_IPN_ID' | 'PESAPAL_TIMEOUT_MS'>;

/** Which Pesapal the store talks to: its sandbox, the live one, or another address (a local fake in tests). */
export function pesapalEnvironment(settings: Pick<Config, 'PESAPAL_BASE_URL'> = config): 'sandbox' | 'live' | 'other' {
  const baseUrl = settings.PESAPAL_BASE_URL;
  if (baseUrl === PESAPAL_SANDBOX_URL) return 'sandbox';
  return baseUrl === PESAPAL_LIVE_URL ? 'live' : 'other';
}

export function createPesapalGateway(settings: PesapalSettings = config): PaymentGateway {
  const baseUrl = settings.PESAPAL_BASE_URL;
  const consumerKey = settings.PESAPAL_CONSUMER_KEY ?? '';
  const consumerSecret = settings.PESAPAL_CONSUMER_SECRET ?? '';
  const fixedIpnId = settings.PESAPAL_IPN_ID ?? '';
  const timeoutMs = settings.PESAPAL_TIMEOUT_MS;

  const { call, notificationId } = createPesapalClient({ baseUrl, consumerKey, consumerSecret, fixedIpnId, timeoutMs });

  const isConfigured = () => consumerKey !== '' && consumerSecret !== '';

  async function start(request: PaymentRequest): Promise<StartedPayment> {
    const task = message('payment', 'startThePayment');
    if (!isConfigured()) throw new PaymentGatewayError(message('payment', 'gatewayNotSetUp', 'Pesapal'));
    const notification_id = await notificationId(request.notificationUrl, task);
    const body = await call({
      task,
      method: 'POST',
      path: 'api/Transactions/SubmitOrderRequest',
      body: {
        id: request.merchantReference,
        currency: 'UGX',
        amount: Math.round(request.amount),
        description: request.description.slice(0, DESCRIPTION_MAX),
        callback_url: request.callbackUrl,
        cancellation_url: request.cancelUrl,
        notification_id,
        billing_address: {
          email_address: request.customer.email,
          phone_number: request.customer.phone,
          country_code: 'UG',
          first_name: request.customer.firstName,
          last_name: request.customer.lastName,
        },
      },
    });
    const order = isRecord(body) ? body : {};
    if (typeof order.order_tracking_id !== 'string' || !order.order_tracking_id || typeof order.redirect_url !== 'string' || !order.redirect_url) {
      throw new PaymentGatewayError(message('payment', 'gatewayCouldNot', 'Pesapal', task, message('payment', 'noPaymentPage', 'Pesapal')), {
        endpoint: 'api/Transactions/SubmitOrderRequest',
        body,
      });
    }
    return {
      status: 'PENDING_PAYMENT',
      gatewayReference: order.order_tracking_id,
      redirectUrl: order.redirect_url,
      details: { merchant_reference: order.merchant_reference ?? request.merchantReference },
    };
  }

  async function check(trackingId: string): Promise<CheckedPayment> {
    const task = message('payment', 'checkThePayment');
    if (!isConfigured()) throw new PaymentGatewayError(message('payment', 'gatewayNotSetUp', 'Pesapal'));
    const body = await call({
      task,
      method: 'GET',
      path: `api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
      tolerate: isPendingAnswer,
    });
    const answer = isRecord(body) ? body : {};
    return {
      status: statusFromCode(answer.status_code),
      details: {
        payment_method: answer.payment_method,
        confirmation_code: answer.confirmation_code,
        payment_account: answer.payment_account,
        status_code: answer.status_code,
        payment_status_description: answer.payment_status_description,
        payment_status_code: answer.payment_status_code,
        amount: answer.amount,
        currency: answer.currency,
        merchant_reference: answer.merchant_reference,
      },
    };
  }

  return { name: 'pesapal', isConfigured, start, check };
}

/** Pesapal's status_code: 0 INVALID, 1 COMPLETED, 2 FAILED, 3 REVERSED. */
function statusFromCode(code: unknown): PaymentStatus {
  switch (Number(code)) {
    case 1:
      return 'COMPLETED';
    case 2:
      return 'FAILED';
    case 3:
      return 'REVERSED';
    default:
      // INVALID right after the redirect often means "mobile money is still waiting on the operator": ask again later.
      return 'PENDING_PAYMENT';
  }
}

function isPendingAnswer(body: Json): boolean {
  const error = body.error;
  return Number(body.status_code) === 0 && isRecord(error) && error.code === PENDING_ERROR_CODE;
}

/** The IPN reply Pesapal expects; status 500 asks it to send the notification again later. */
export type PesapalNotificationReply = {
  orderNotificationType: 'IPNCHANGE';
  orderTrackingId: string;
  orderMerchantReference: string;
  status: 200 | 500;
};

export function pesapalNotificationReply(trackingId: string, merchantReference: string, ok: boolean): PesapalNotificationReply {
  return {
    orderNotificationType: 'IPNCHANGE',
    orderTrackingId: trackingId,
    orderMerchantReference: merchantReference,
    status: ok ? 200 : 500,
  };
}

export type PesapalNotification = { trackingId: string; merchantReference: string; type: string };

/**
 * Reads an IPN from the query string (an IPN registered as GET) or a parsed JSON body (POST). Names are
 * matched without regard to case. Null when there is no tracking id: nothing to look up.
 */
export function readPesapalNotification(params: URLSearchParams | Record<string, unknown>): PesapalNotification | null {
  const values = new Map<string, string>();
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    const name = key.toLowerCase();
    if (!values.has(name) && (typeof value === 'string' || typeof value === 'number')) values.set(name, String(value).trim());
  }
  const trackingId = values.get('ordertrackingid') ?? '';
  if (!trackingId) return null;
  return {
    trackingId,
    merchantReference: values.get('ordermerchantreference') ?? '',
    type: values.get('ordernotificationtype') ?? '',
  };
}
