/**
 * MTN Mobile Money, Collection product of the MoMo Open API: a request to pay goes to the buyer's phone, who
 * approves it there with the MoMo PIN. Three calls: a bearer token (Basic auth with the API user and key),
 * `requesttopay` (202 with an empty body) and the request's status, the only answer we trust: the callback MTN
 * sends once, without retry, is a hint to ask. https://momodeveloper.mtn.com/api-documentation/
 *
 * We choose each request's X-Reference-Id, and derive it from the attempt's merchant reference
 * (mtnReferenceFor): a store that restarted between sending a request and recording MTN's answer can still ask
 * about it, and a request sent twice is refused by MTN (409 RESOURCE_ALREADY_EXIST) instead of reaching the
 * phone twice. MTN cannot withdraw a request, and refunds need its Disbursement product: a refund is left for an
 * administrator to pay back by hand.
 */
import { config, type Config } from '../../config';
import { createHash } from 'node:crypto';
import { message, type Message } from '../../../lib/messages/message';
import { createBearerTokens, expiryFromSeconds } from './bearer-token';
import {
  failureDetails,
  PaymentGatewayError,
  type CheckedPayment,
  type PaymentGateway,
  type PaymentRequest,
  type PaymentStatus,
  type StartedPayment,
} from '../gateway';
import {
  asObject,
  callNetwork,
  closeByAsking,
  payerNumber,
  requireKeys,
  sendRequestToPay,
  text,
  type NetworkCall,
  type NetworkReply,
} from './mobile-money-calls';

/** MTN's sandbox takes EUR only; a live target environment ("mtnuganda") takes the country's currency. */
export const MTN_SANDBOX_ENVIRONMENT = 'sandbox';

const NETWORK = 'mtn_momo';
/** MTN tokens live an hour (`expires_in: 3600`); an expiry we cannot read counts as five minutes. */
const TOKEN_FALLBACK_MS = 5 * 60_000;
/** payerMessage and payeeNote: longer ones are refused with a 400. */
export const MTN_NOTE_MAX = 160;

const TOKEN_PATH = 'collection/token/';
const REQUEST_TO_PAY_PATH = 'collection/v1_0/requesttopay';

type MtnMomoSettings = Pick<
  Config,
  'MTN_MOMO_SUBSCRIPTION_KEY' | 'MTN_MOMO_API_USER' | 'MTN_MOMO_API_KEY' | 'MTN_MOMO_BASE_URL' | 'MTN_MOMO_TARGET_ENV' | 'MTN_MOMO_TIMEOUT_MS'
>;

/**
 * MTN's reasons for a FAILED request, in the buyer's words. MTN says INTERNAL_PROCESSING_ERROR "predominantly
 * occurs due to insufficient customer funds", and COULD_NOT_PERFORM_TRANSACTION mostly means the buyer did not
 * approve within 5 minutes (https://momodeveloper.mtn.com/api-documentation/common-error).
 */
const REASON_MESSAGES: Record<string, Message> = {
  APPROVAL_REJECTED: message('mobileMoney', 'declined'),
  NOT_ENOUGH_FUNDS: message('mobileMoney', 'notEnoughMoney'),
  INTERNAL_PROCESSING_ERROR: message('mobileMoney', 'notEnoughMoney'),
  PAYER_NOT_FOUND: message('mobileMoney', 'notRegistered', NETWORK),
  PAYER_LIMIT_REACHED: message('mobileMoney', 'limitReached'),
  EXPIRED: message('mobileMoney', 'notApproved'),
  COULD_NOT_PERFORM_TRANSACTION: message('mobileMoney', 'notApproved'),
  PAYMENT_NOT_APPROVED: message('mobileMoney', 'notApproved'),
};

/** Why an MTN request failed, in plain words, from its reason code. */
export function mtnFailure(reason: string): Message {
  return REASON_MESSAGES[reason.toUpperCase()] ?? message('mobileMoney', 'networkProblem', NETWORK);
}

/**
 * The X-Reference-Id of an attempt's request to pay: a UUID version 4 made from a hash of its merchant reference,
 * so it is the same every time it is worked out. (MTN refuses an id that is not a version 4 UUID.)
 */
export function mtnReferenceFor(merchantReference: string): string {
  const bytes = createHash('sha256').update(`mtn_momo request to pay ${merchantReference}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What an MTN product (Collection, Disbursement) is called with: each product has its own subscription key and API user. */
export type MtnMomoProduct = {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  baseUrl: string;
  targetEnvironment: string;
  /** "collection/token/", "disbursement/token/". */
  tokenPath: string;
};

/**
 * Calls to one MTN product: every call carries the product's subscription key, and `withToken` adds a bearer
 * token (asked for with Basic auth, kept until it nearly dies) and the target environment, whose currency it says.
 */
export function mtnMomoCalls(timeoutMs: number, product: MtnMomoProduct) {
  const { baseUrl, targetEnvironment } = product;
  const send = (call: NetworkCall) =>
    callNetwork(NETWORK, baseUrl, { ...call, headers: { 'Ocp-Apim-Subscription-Key': product.subscriptionKey, ...call.headers } }, timeoutMs);

  const tokens = createBearerTokens(async () => {
    const basic = Buffer.from(`${product.apiUser}:${product.apiKey}`).toString('base64');
    const reply = await send({ method: 'POST', path: product.tokenPath, headers: { Authorization: `Basic ${basic}` } });
    const value = text(reply.body.access_token);
    if (reply.status !== 200 || !value)
      throw mtnRefusal(reply, product.tokenPath, { problem: "MTN refused the store's API user, API key or subscription key" });
    return { value, expiresAt: expiryFromSeconds(reply.body.expires_in, TOKEN_FALLBACK_MS) };
  });

  const withToken = (call: NetworkCall) =>
    tokens.use(call.path, (bearer) =>
      send({ ...call, headers: { ...call.headers, Authorization: `Bearer ${bearer}`, 'X-Target-Environment': targetEnvironment } }),
    );
  // MTN's sandbox takes EUR only; a live target environment the country's currency.
  return { withToken, targetEnvironment, currency: targetEnvironment === MTN_SANDBOX_ENVIRONMENT ? 'EUR' : 'UGX' };
}

export function createMtnMomoGateway(settings: MtnMomoSettings = config): PaymentGateway {
  const subscriptionKey = settings.MTN_MOMO_SUBSCRIPTION_KEY ?? '';
  const apiUser = settings.MTN_MOMO_API_USER ?? '';
  const apiKey = settings.MTN_MOMO_API_KEY ?? '';
  const { withToken, targetEnvironment, currency } = mtnMomoCalls(settings.MTN_MOMO_TIMEOUT_MS, {
    subscriptionKey,
    apiUser,
    apiKey,
    baseUrl: settings.MTN_MOMO_BASE_URL,
    targetEnvironment: settings.MTN_MOMO_TARGET_ENV,
    tokenPath: TOKEN_PATH,
  });

  const isConfigured = () => subscriptionKey !== '' && apiUser !== '' && apiKey !== '';

  async function start(request: PaymentRequest): Promise<StartedPayment> {
    const payer = payerNumber(NETWORK, isConfigured(), request);
    const reference = mtnReferenceFor(request.merchantReference);
    const headers: Record<string, string> = { 'X-Reference-Id': reference };
    if (request.notificationUrl) headers['X-Callback-Url'] = request.notificationUrl;
    const body = {
      amount: String(request.amount),
      currency,
      externalId: request.merchantReference,
      payer: { partyIdType: 'MSISDN', partyId: payer },
      payerMessage: request.description.slice(0, MTN_NOTE_MAX),
      payeeNote: `Order ${request.orderId}`.slice(0, MTN_NOTE_MAX),
    };

    const reply = await sendRequestToPay(reference, () => withToken({ method: 'POST', path: REQUEST_TO_PAY_PATH, headers, body }));
    // The only conflict requesttopay knows is an X-Reference-Id MTN already has (RESOURCE_ALREADY_EXIST): ours is
    // derived from the attempt, so that request is this one, sent before (a retry, or a store that restarted).
    if (reply.status === 202 || reply.status === 409) {
      return {
        status: 'PENDING_PAYMENT',
        gatewayReference: reference,
        redirectUrl: '',
        details: { mtn_reference: reference, target_environment: targetEnvironment, currency, already_sent: reply.status === 409 },
      };
    }
    const code = text(reply.body.code);
    throw mtnRefusal(reply, REQUEST_TO_PAY_PATH, { gateway_reference: reference, maybe_sent: reply.status >= 500 }, code ? mtnFailure(code) : undefined);
  }

  async function check(reference: string): Promise<CheckedPayment> {
    requireKeys(NETWORK, isConfigured());
    const path = `${REQUEST_TO_PAY_PATH}/${encodeURIComponent(reference)}`;
    const reply = await withToken({ method: 'GET', path, headers: {} });
    // MTN does not know the reference: the request never reached it, so nothing can be paid on it.
    if (reply.status === 404) {
      return {
        status: 'FAILED',
        details: {
          network_status: 'NOT_FOUND',
          reason: text(reply.body.code) || 'RESOURCE_NOT_FOUND',
          final: true,
          ...failureDetails(message('mobileMoney', 'networkProblem', NETWORK)),
          financial_transaction_id: '',
        },
      };
    }
    const networkStatus = text(reply.body.status).toUpperCase();
    const status = STATUSES[networkStatus];
    if (reply.status !== 200 || !status) throw mtnRefusal(reply, path, { network_status: networkStatus });

    const reason = mtnReasonCode(reply.body.reason);
    const answeredCurrency = text(reply.body.currency).toUpperCase();
    const amount = Number(text(reply.body.amount));
    return {
      status,
      details: {
        network_status: networkStatus,
        reason,
        final: status !== 'PENDING_PAYMENT',
        ...(status === 'FAILED' ? failureDetails(mtnFailure(reason)) : { error: '' }),
        financial_transaction_id: text(reply.body.financialTransactionId),
        external_id: text(reply.body.externalId),
        currency: answeredCurrency,
        network_amount: text(reply.body.amount),
        ...(answeredCurrency === 'UGX' && Number.isFinite(amount) ? { amount_ugx: amount } : {}),
      },
    };
  }

  return {
    name: NETWORK,
    isConfigured,
    start,
    referenceFor: mtnReferenceFor,
    check,
    cancel: (reference) => closeByAsking(() => check(reference)),
  };
}

const STATUSES: Record<string, PaymentStatus> = { PENDING: 'PENDING_PAYMENT', SUCCESSFUL: 'COMPLETED', FAILED: 'FAILED' };

/** The reason is a code ("APPROVAL_REJECTED"); older answers wrap it as {code, message}. */
export function mtnReasonCode(reason: unknown): string {
  return (typeof reason === 'string' ? reason.trim() : text(asObject(reason).code)).toUpperCase();
}

/** A call MTN refused or could not answer: the buyer reads `said`, the details keep MTN's own words. */
export function mtnRefusal(reply: NetworkReply, endpoint: string, extra: Record<string, unknown> = {}, said?: Message): PaymentGatewayError {
  return new PaymentGatewayError(said ?? message('mobileMoney', 'networkProblem', NETWORK), {
    endpoint,
    http_status: reply.status,
    code: text(reply.body.code) || text(reply.body.error),
    network_message: text(reply.body.message) || reply.text.slice(0, 300),
    ...extra,
  });
}

/** What an MTN callback (PUT or POST, the request's status as its body) names: a hint to ask MTN, never a result. */
export type MtnMomoCallback = { merchantReference: string; reference: string; status: string };

/**
 * Reads a callback's body. MTN's body has no X-Reference-Id, only our externalId (the merchant reference), from
 * which the reference is worked out again. Null when there is no externalId: nothing to look up.
 */
export function readMtnMomoCallback(body: unknown): MtnMomoCallback | null {
  const fields = asObject(body);
  const merchantReference = text(fields.externalId);
  if (!merchantReference) return null;
  return { merchantReference, reference: mtnReferenceFor(merchantReference), status: text(fields.status).toUpperCase() };
}
