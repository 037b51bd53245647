/**
 * Airtel Money Africa Open API, collection by USSD push: the buyer's phone shows the payment and the buyer enters
 * the Airtel Money PIN. A bearer token (client credentials), `POST /merchant/v1/payments/` with our transaction id,
 * and the enquiry `GET /standard/v1/payments/{id}`, the only answer we trust: the callback Airtel posts to the URL
 * registered in its portal is a hint to ask. Refunds go back in full by Airtel's own id for the payment.
 * Facts and sources: ../shared/PAYMENTS.md, "Airtel Money Africa Open API".
 *
 * Our transaction id is the attempt's merchant reference, so the enquiry works after a restart, and a payment
 * sent twice is refused by Airtel (ESB000041, "External Transaction ID already exists") instead of reaching
 * the phone twice.
 */
import { config, type Config } from '../../config';
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
  unanswered,
  type Json,
  type NetworkCall,
  type NetworkReply,
} from './mobile-money-calls';

const NETWORK = 'airtel_money';
export const COUNTRY = 'UG';
export const CURRENCY = 'UGX';
/** Airtel's samples give tokens `expires_in: "180"`; one we cannot read counts as that. */
const TOKEN_FALLBACK_MS = 180_000;

const TOKEN_PATH = 'auth/oauth2/token';
const PAYMENT_PATH = 'merchant/v1/payments/';
const ENQUIRY_PATH = 'standard/v1/payments';
const REFUND_PATH = 'standard/v2/payments/refund';

/** Airtel's result codes (`status.result_code`) the client acts on. */
export const AIRTEL_RESULT = {
  success: 'ESB000010',
  alreadyExists: 'ESB000041',
  notFound: 'ESB000045',
  /** "Something went wrong" and "Error initiating payment": Airtel says to ask about the transaction. */
  ambiguous: ['ESB000001', 'ESB000004'],
} as const;
const TRANSACTION_NOT_FOUND = 'DP00800001025';

type AirtelMoneySettings = Pick<Config, 'AIRTEL_CLIENT_ID' | 'AIRTEL_CLIENT_SECRET' | 'AIRTEL_BASE_URL' | 'AIRTEL_TIMEOUT_MS'>;

/** Airtel's collection response codes (`status.response_code`) for a failed payment, in the buyer's words. */
const RESPONSE_MESSAGES: Record<string, Message> = {
  DP00800001002: message('mobileMoney', 'wrongPin'),
  DP00800001003: message('mobileMoney', 'limitReached'),
  // "User didn't enter the pin."
  DP00800001005: message('mobileMoney', 'notApproved'),
  DP00800001007: message('mobileMoney', 'notEnoughMoney'),
  DP00800001008: message('mobileMoney', 'declined'),
  // "Payee is already initiated for churn or barred or not registered on Airtel Money platform."
  DP00800001010: message('mobileMoney', 'notRegistered', NETWORK),
  DP00800001024: message('mobileMoney', 'notApproved'),
  DP00800001029: message('mobileMoney', 'notApproved'),
};

/** Why an Airtel payment failed, in plain words, from its response code; an expired one (TE) was not approved. */
export function airtelFailure(responseCode: string, transactionStatus = 'TF'): Message {
  if (transactionStatus === 'TE') return message('mobileMoney', 'notApproved');
  return RESPONSE_MESSAGES[responseCode.toUpperCase()] ?? message('mobileMoney', 'networkProblem', NETWORK);
}

/** Airtel's transaction statuses: TIP in progress and TA ambiguous are asked about again. */
const STATUSES: Record<string, PaymentStatus> = { TS: 'COMPLETED', TF: 'FAILED', TE: 'FAILED', TIP: 'PENDING_PAYMENT', TA: 'PENDING_PAYMENT' };

/** What Airtel's API is called with: one app's client credentials serve its collection and disbursement products. */
export type AirtelApp = { baseUrl: string; clientId: string; clientSecret: string; timeoutMs: number };

/** Calls to Airtel's API with a bearer token (client credentials, kept until it nearly dies) and Uganda's country and currency. */
export function airtelCalls(app: AirtelApp) {
  const send = (call: NetworkCall) => callNetwork(NETWORK, app.baseUrl, { ...call, headers: { Accept: '*/*', ...call.headers } }, app.timeoutMs);

  const tokens = createBearerTokens(async () => {
    const reply = await send({
      method: 'POST',
      path: TOKEN_PATH,
      headers: {},
      body: { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'client_credentials' },
    });
    const value = text(reply.body.access_token);
    if (reply.status !== 200 || !value) throw airtelRefusal(reply, TOKEN_PATH, { problem: "Airtel refused the store's client id or secret" });
    return { value, expiresAt: expiryFromSeconds(reply.body.expires_in, TOKEN_FALLBACK_MS) };
  });

  const withToken = (call: NetworkCall) =>
    tokens.use(call.path, (bearer) =>
      send({ ...call, headers: { ...call.headers, Authorization: `Bearer ${bearer}`, 'X-Country': COUNTRY, 'X-Currency': CURRENCY } }),
    );
  return { withToken };
}

export function createAirtelMoneyGateway(settings: AirtelMoneySettings = config): PaymentGateway {
  const clientId = settings.AIRTEL_CLIENT_ID ?? '';
  const clientSecret = settings.AIRTEL_CLIENT_SECRET ?? '';
  const { withToken } = airtelCalls({ baseUrl: settings.AIRTEL_BASE_URL, clientId, clientSecret, timeoutMs: settings.AIRTEL_TIMEOUT_MS });

  const isConfigured = () => clientId !== '' && clientSecret !== '';

  async function start(request: PaymentRequest): Promise<StartedPayment> {
    const payer = payerNumber(NETWORK, isConfigured(), request);
    const id = request.merchantReference;
    const body = {
      reference: request.description,
      // Airtel wants the number without the country code: the nine digits after 256.
      subscriber: { country: COUNTRY, currency: CURRENCY, msisdn: payer.slice(3) },
      transaction: { amount: request.amount, country: COUNTRY, currency: CURRENCY, id },
    };

    const reply = await sendRequestToPay(
      id,
      () => withToken({ method: 'POST', path: PAYMENT_PATH, headers: {}, body }),
      (answer) => answer.status >= 500 || isAmbiguous(answer),
    );
    const state = statusOf(reply);
    const resultCode = text(state.result_code).toUpperCase();
    const accepted = reply.status === 200 && (state.success === true || resultCode === AIRTEL_RESULT.success);
    if (accepted || resultCode === AIRTEL_RESULT.alreadyExists) {
      return {
        status: 'PENDING_PAYMENT',
        gatewayReference: id,
        redirectUrl: '',
        details: {
          airtel_transaction_id: id,
          amount_asked_ugx: request.amount,
          response_code: text(state.response_code),
          already_sent: resultCode === AIRTEL_RESULT.alreadyExists,
        },
      };
    }
    const responseCode = text(state.response_code);
    throw airtelRefusal(
      reply,
      PAYMENT_PATH,
      { gateway_reference: id, maybe_sent: reply.status >= 500 || isAmbiguous(reply) },
      RESPONSE_MESSAGES[responseCode.toUpperCase()],
    );
  }

  async function check(id: string): Promise<CheckedPayment> {
    requireKeys(NETWORK, isConfigured());
    const path = `${ENQUIRY_PATH}/${encodeURIComponent(id)}`;
    const reply = await withToken({ method: 'GET', path, headers: {} });
    const state = statusOf(reply);
    const transaction = transactionOf(reply);
    const responseCode = text(state.response_code);
    // Airtel does not know the id: the payment never reached it, so nothing can be paid on it.
    if (reply.status === 404 || text(state.result_code).toUpperCase() === AIRTEL_RESULT.notFound || responseCode.toUpperCase() === TRANSACTION_NOT_FOUND) {
      return {
        status: 'FAILED',
        details: {
          network_status: 'NOT_FOUND',
          reason: responseCode || text(state.result_code),
          final: true,
          ...failureDetails(message('mobileMoney', 'networkProblem', NETWORK)),
        },
      };
    }
    const networkStatus = text(transaction.status).toUpperCase();
    const status = STATUSES[networkStatus];
    if (reply.status !== 200 || !status) throw airtelRefusal(reply, path, { network_status: networkStatus });

    const airtelMoneyId = text(transaction.airtel_money_id);
    return {
      status,
      details: {
        network_status: networkStatus,
        reason: status === 'FAILED' ? responseCode : '',
        final: status !== 'PENDING_PAYMENT',
        ...(status === 'FAILED' ? failureDetails(airtelFailure(responseCode, networkStatus)) : { error: '' }),
        airtel_money_id: airtelMoneyId,
        financial_transaction_id: airtelMoneyId,
        network_message: text(transaction.message),
      },
    };
  }

  async function refund(payment: { gatewayReference: string; details: Record<string, unknown> }, owed: { amount: number }): Promise<{ reference: string }> {
    requireKeys(NETWORK, isConfigured());
    const airtelMoneyId = text(payment.details.airtel_money_id);
    if (!airtelMoneyId) throw new PaymentGatewayError(message('mobileMoney', 'refundWithoutId', NETWORK), { gateway_reference: payment.gatewayReference });
    const paid = payment.details.amount_asked_ugx;
    if (paid !== owed.amount)
      throw new PaymentGatewayError(message('mobileMoney', 'wholeRefundsOnly', NETWORK), { refund_amount: owed.amount, paid_amount: paid ?? null });

    // Not sent twice: nothing says Airtel refuses a second refund of the same payment, so one whose answer was
    // lost is left for an administrator, who can see in Airtel's portal whether it went through.
    let reply: NetworkReply;
    try {
      reply = await withToken({ method: 'POST', path: REFUND_PATH, headers: {}, body: { transaction: { airtel_money_id: airtelMoneyId } } });
    } catch (error) {
      if (error instanceof PaymentGatewayError) {
        throw new PaymentGatewayError(message('mobileMoney', 'refundRefused', NETWORK), { ...error.details, maybe_sent: unanswered(error) });
      }
      throw error;
    }
    const transaction = transactionOf(reply);
    // One of Airtel's own samples answers a refund made with `success: false` beside "SUCCESS": either one counts.
    const made = reply.status === 200 && (statusOf(reply).success === true || text(transaction.status).toUpperCase() === 'SUCCESS');
    if (!made) throw airtelRefusal(reply, REFUND_PATH, { maybe_sent: reply.status >= 500 }, message('mobileMoney', 'refundRefused', NETWORK));
    return { reference: text(transaction.airtel_money_id) || airtelMoneyId };
  }

  return {
    name: NETWORK,
    isConfigured,
    start,
    // Airtel's transaction id is the merchant reference itself.
    referenceFor: (merchantReference) => merchantReference,
    check,
    cancel: (id) => closeByAsking(() => check(id)),
    refund,
  };
}

export function statusOf(reply: NetworkReply): Json {
  return asObject(reply.body.status);
}

export function transactionOf(reply: NetworkReply): Json {
  return asObject(asObject(reply.body.data).transaction);
}

export function isAmbiguous(reply: NetworkReply): boolean {
  return (AIRTEL_RESULT.ambiguous as readonly string[]).includes(text(statusOf(reply).result_code).toUpperCase());
}

/** A call Airtel refused or could not answer: the buyer reads `said`, the details keep Airtel's own words. */
export function airtelRefusal(reply: NetworkReply, endpoint: string, extra: Record<string, unknown> = {}, said?: Message): PaymentGatewayError {
  const state = statusOf(reply);
  return new PaymentGatewayError(said ?? message('mobileMoney', 'networkProblem', NETWORK), {
    endpoint,
    http_status: reply.status,
    code: text(state.result_code) || text(reply.body.error),
    response_code: text(state.response_code),
    network_message: text(state.message) || text(reply.body.error_description) || reply.text.slice(0, 300),
    ...extra,
  });
}

/** What an Airtel callback names: a hint to ask Airtel, never a result. */
export type AirtelMoneyCallback = { transactionId: string; statusCode: string; airtelMoneyId: string };

/** Reads a callback's body, `{transaction: {id, message, status_code, airtel_money_id}}`; null without an id. */
export function readAirtelMoneyCallback(body: unknown): AirtelMoneyCallback | null {
  const transaction = asObject(asObject(body).transaction);
  const transactionId = text(transaction.id);
  if (!transactionId) return null;
  return { transactionId, statusCode: text(transaction.status_code).toUpperCase(), airtelMoneyId: text(transaction.airtel_money_id) };
}
