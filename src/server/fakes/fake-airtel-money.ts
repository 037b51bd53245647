/**
 * A local stand-in for the Airtel Money Africa Open API (collection by USSD push), for the tests and for demos
 * (`PAYMENT_FAKES=1`). It speaks the real protocol and checks what Airtel checks:
 * - `POST /auth/oauth2/token` with `{client_id, client_secret, grant_type: "client_credentials"}`; answers
 *   `{access_token, expires_in: "180", token_type: "bearer"}`.
 * - `POST /merchant/v1/payments/`: a valid bearer token, `X-Country: UG` and `X-Currency: UGX` (ROUTER006,
 *   ROUTER112), UG and UGX in the body too (ESB000034, ESB000035), the msisdn as nine digits without the country
 *   code or a leading 0 (ESB000033), a positive number as the amount and a reference (ESB000008), a transaction id
 *   not used before (ESB000041). Answers `{data: {transaction: {id, status}}, status: {..., success: true}}`.
 *   A number Airtel does not know (not 70, 74 or 75 then seven digits) is accepted and fails at once with
 *   DP00800001010 (not registered on Airtel Money).
 * - `GET /standard/v1/payments/{id}`: the enquiry, `data.transaction.status` TIP, TS, TF, TE or TA, with
 *   `airtel_money_id` once paid; 404 with ESB000045 for an id it does not know.
 * - `POST /standard/v2/payments/refund` `{transaction: {airtel_money_id}}`: pays a completed payment back in full,
 *   once. Airtel's answer to a second refund is not in our sources: the fake refuses it with ESB000011 ("Failed").
 * Error bodies are `{status: {code, message, result_code, response_code, success: false}}` with HTTP 400 (401 for
 * a missing or dead token); the HTTP statuses are the fake's reading of third-party copies of Airtel's docs.
 *
 * Each payment is decided after `approveAfterMs`: paid (TS), or refused (TF, DP00800001008) when the number ends
 * in `declineSuffix`; one still waiting after `expireAfterMs` expires (TE, DP00800001029). Once decided, ONE
 * callback is posted to `callbackUrl` (registered in Airtel's portal, not sent per payment), no retry:
 * `{transaction: {id, message, status_code: "TS" | "TF", airtel_money_id}}`.
 *
 * Switches, over HTTP so that tests in other processes can drive it:
 *   POST /__fake/next {outcome, code?, delayMs?, lostCallback?, times?, payer?}
 *        the next payment(s): outcome 'success', 'fail' (with the response `code`, default DP00800001008),
 *        'expire', 'pending' (stays TIP until decided or expired) or 'ambiguous' (stays TA likewise); `delayMs`
 *        instead of approveAfterMs; `lostCallback`: decided without a callback; `payer` (a number): for the next payment
 *        from that number alone, so tests running side by side keep their own plans
 *   POST /__fake/decide {id, outcome: 'success' | 'fail' | 'expire', code?, lostCallback?}   decide a waiting payment now
 *   POST /__fake/callback {id}          post a decided payment's callback again (a duplicate); answers the delivery
 *   POST /__fake/fail {path, method?, mode: 'http500' | 'hang', times?}
 *        the next call(s) to an API path fail ("standard/v1/payments/*" covers every enquiry)
 *   POST /__fake/expire-tokens          every token issued so far stops working (HTTP 401)
 *   GET  /__fake/state                  tokens issued, requests with their headers, payments, callbacks with the store's replies, refunds
 *   POST /__fake/reset                  forget everything
 */
import { randomInt } from 'node:crypto';
import type http from 'node:http';
import { deliver, headerOf, jsonObjectOf, sendJson, type Delivery, type FakeServer } from './fake-server';
import { createFakeNetwork, type RecordedCall } from './fake-network';

export type FakeAirtelMoneyOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Where callbacks go: the store's callback endpoint, as registered in Airtel's portal. None are sent without it. */
  callbackUrl?: string;
  /** How long the buyer takes to answer the prompt (default 3 s). */
  approveAfterMs?: number;
  /** Numbers ending in this are refused (default '13'). */
  declineSuffix?: string;
  /** A payment still waiting this long expires (default 5 minutes). */
  expireAfterMs?: number;
  tokenLifetimeSeconds?: number;
};

/** The fake, and the environment that points the store's Airtel Money gateway at it. */
export type FakeAirtelMoney = FakeServer & { env: Record<string, string> };

type Status = 'TIP' | 'TA' | 'TS' | 'TF' | 'TE';
type Outcome = 'success' | 'fail' | 'expire';
type Plan = { outcome: Outcome | 'pending' | 'ambiguous'; code: string; delayMs: number | null; lostCallback: boolean };

type FakePayment = {
  id: string;
  reference: string;
  msisdn: string;
  amount: number;
  status: Status;
  responseCode: string;
  message: string;
  airtelMoneyId: string;
  refunded: boolean;
  createdAt: string;
  decidedAt: string | null;
  plan: Plan;
};

/** What GET /__fake/state answers. */
export type FakeAirtelMoneyState = {
  tokensIssued: number;
  requests: RecordedCall[];
  payments: FakePayment[];
  callbacks: (Delivery & { id: string })[];
  refunds: { airtel_money_id: string; refund_id: string; transaction_id: string; amount: number }[];
};

const TOKEN_PATH = 'auth/oauth2/token';
const PAYMENT_PATH = 'merchant/v1/payments/';
const ENQUIRY_PREFIX = 'standard/v1/payments/';
const REFUND_PATH = 'standard/v2/payments/refund';
/** Airtel Uganda's numbers as the API wants them: nine digits, 70, 74 or 75 first. */
const KNOWN_SUBSCRIBER = /^7[045]\d{7}$/;
const REFUSED = 'DP00800001008';
const NOT_REGISTERED = 'DP00800001010';
const EXPIRED = 'DP00800001029';
/** The response code each waiting or paid status carries in the enquiry. */
const RESPONSE_CODES: Partial<Record<Status, string>> = { TIP: 'DP00800001006', TA: 'DP00800001000', TS: 'DP00800001001', TE: EXPIRED };
/** Airtel's descriptions of its response codes (third-party copies of its docs), for the callback's message. */
const CODE_MESSAGES: Record<string, string> = {
  DP00800001002: 'Incorrect pin has been entered.',
  DP00800001003: 'The User has exceeded their wallet allowed transaction limit.',
  DP00800001005: "User didn't enter the pin.",
  DP00800001007: 'User wallet does not have enough money to cover the payable amount.',
  DP00800001008: 'The transaction was refused.',
  DP00800001010: 'Payee is already initiated for churn or barred or not registered on Airtel Money platform.',
  DP00800001024: 'The transaction was timed out.',
  DP00800001029: 'Transaction has been expired.',
};

export async function startFakeAirtelMoney(options: FakeAirtelMoneyOptions = {}): Promise<FakeAirtelMoney> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const approveAfterMs = options.approveAfterMs ?? 3_000;
  const declineSuffix = options.declineSuffix ?? '13';
  const expireAfterMs = options.expireAfterMs ?? 5 * 60_000;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 180;

  const network = createFakeNetwork<Plan>(tokenLifetimeSeconds);
  let payments = new Map<string, FakePayment>();
  let callbacks: FakeAirtelMoneyState['callbacks'] = [];
  let refunds: FakeAirtelMoneyState['refunds'] = [];

  function api(req: http.IncomingMessage, res: http.ServerResponse, { method, path, text }: { method: string; path: string; text: string }) {
    const input = method === 'POST' ? jsonObjectOf(text) : {};
    if (method === 'POST' && (!headerOf(req, 'content-type').includes('application/json') || !input)) {
      return refuse(res, 400, 'ESB000008', 'Send a JSON object as application/json');
    }
    if (method === 'POST' && path === TOKEN_PATH) return issueToken(input!, res);
    if (!network.authorized(req)) return refuse(res, 401, 'UNAUTHORIZED', 'Invalid or expired access token');
    if (headerOf(req, 'x-country') !== 'UG') return refuse(res, 400, 'ROUTER006', 'Invalid Country');
    if (headerOf(req, 'x-currency') !== 'UGX') return refuse(res, 400, 'ROUTER112', 'Invalid Currency');
    if (method === 'POST' && path === PAYMENT_PATH) return collect(input!, res);
    if (method === 'GET' && path.startsWith(ENQUIRY_PREFIX) && !path.slice(ENQUIRY_PREFIX.length).includes('/')) {
      return enquiry(decodeURIComponent(path.slice(ENQUIRY_PREFIX.length)), res);
    }
    if (method === 'POST' && path === REFUND_PATH) return refund(input!, res);
    return refuse(res, 404, 'ROUTER005', `No route ${method} /${path}`);
  }

  function issueToken(input: Record<string, unknown>, res: http.ServerResponse) {
    if (input.client_id !== clientId || input.client_secret !== clientSecret || input.grant_type !== 'client_credentials') {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    return sendJson(res, 200, { access_token: network.issueToken(), expires_in: String(tokenLifetimeSeconds), token_type: 'bearer' });
  }

  function collect(input: Record<string, unknown>, res: http.ServerResponse) {
    const subscriber = objectOf(input.subscriber);
    const transaction = objectOf(input.transaction);
    const { msisdn } = subscriber;
    const { id, amount } = transaction;
    if (typeof input.reference !== 'string' || input.reference.trim() === '') return refuse(res, 400, 'ESB000008', 'reference is required');
    if (typeof id !== 'string' || id.trim() === '') return refuse(res, 400, 'ESB000008', 'transaction.id is required');
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
      return refuse(res, 400, 'ESB000008', 'transaction.amount must be a positive number');
    for (const part of [subscriber, transaction]) {
      if (part.country !== undefined && part.country !== 'UG') return refuse(res, 400, 'ESB000034', 'Invalid Country Name');
      if (part.currency !== undefined && part.currency !== 'UGX') return refuse(res, 400, 'ESB000035', 'Invalid Currency Code');
    }
    if (typeof msisdn !== 'string' || !/^[1-9]\d{8}$/.test(msisdn)) {
      return refuse(res, 400, 'ESB000033', 'Invalid MSISDN Length. Send the nine digits without the country code.');
    }
    if (payments.has(id)) return refuse(res, 400, 'ESB000041', 'External Transaction ID already exists.');

    const payment: FakePayment = {
      id,
      reference: input.reference,
      msisdn,
      amount,
      status: 'TIP',
      responseCode: RESPONSE_CODES.TIP!,
      message: 'Transaction in progress',
      airtelMoneyId: '',
      refunded: false,
      createdAt: new Date().toISOString(),
      decidedAt: null,
      plan: network.nextPlan(msisdn) ?? { outcome: msisdn.endsWith(declineSuffix) ? 'fail' : 'success', code: REFUSED, delayMs: null, lostCallback: false },
    };
    payments.set(id, payment);
    sendJson(res, 200, {
      data: { transaction: { id, status: 'SUCCESS' } },
      status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: RESPONSE_CODES.TIP, success: true },
    });

    if (!KNOWN_SUBSCRIBER.test(msisdn)) return void decide(payment, 'fail', NOT_REGISTERED);
    if (payment.plan.outcome === 'ambiguous') payment.status = 'TA';
    network.timers.after(id, expireAfterMs, () => void decide(payment, 'expire', EXPIRED));
    const { outcome, code, delayMs } = payment.plan;
    if (outcome !== 'pending' && outcome !== 'ambiguous') network.timers.after(id, delayMs ?? approveAfterMs, () => void decide(payment, outcome, code));
  }

  function enquiry(id: string, res: http.ServerResponse) {
    const payment = payments.get(id);
    if (!payment) return refuse(res, 404, 'ESB000045', 'No Transaction Found With Provided Transaction Id.', 'DP00800001025');
    return sendJson(res, 200, {
      data: {
        transaction: {
          ...(payment.status === 'TS' ? { airtel_money_id: payment.airtelMoneyId } : {}),
          id: payment.id,
          message: payment.message,
          status: payment.status,
        },
      },
      status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: payment.responseCode, success: true },
    });
  }

  function refund(input: Record<string, unknown>, res: http.ServerResponse) {
    const airtelMoneyId = objectOf(input.transaction).airtel_money_id;
    const payment = [...payments.values()].find((entry) => entry.status === 'TS' && entry.airtelMoneyId === airtelMoneyId);
    if (!payment) return refuse(res, 400, 'ESB000045', 'No Transaction Found With Provided Transaction Id.');
    if (payment.refunded) return refuse(res, 400, 'ESB000011', 'Failed: the transaction has already been refunded.');
    payment.refunded = true;
    const refundId = newAirtelMoneyId();
    refunds.push({ airtel_money_id: payment.airtelMoneyId, refund_id: refundId, transaction_id: payment.id, amount: payment.amount });
    return sendJson(res, 200, {
      data: { transaction: { airtel_money_id: refundId, status: 'SUCCESS' } },
      status: { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: 'DP00800001001', success: true },
    });
  }

  /** Settles a waiting payment and posts its one callback (unless lost); false when it was already settled. */
  function decide(payment: FakePayment, outcome: Outcome, code: string, lostCallback = payment.plan.lostCallback): boolean {
    if (payment.status !== 'TIP' && payment.status !== 'TA') return false;
    network.timers.clear(payment.id);
    payment.decidedAt = new Date().toISOString();
    if (outcome === 'success') {
      payment.status = 'TS';
      payment.responseCode = RESPONSE_CODES.TS!;
      payment.airtelMoneyId = newAirtelMoneyId();
      payment.message = `Paid UGX ${payment.amount.toLocaleString('en-US')} to DUUKA. Trans ID ${payment.airtelMoneyId}.`;
    } else {
      payment.status = outcome === 'expire' ? 'TE' : 'TF';
      payment.responseCode = outcome === 'expire' ? EXPIRED : code;
      payment.message = CODE_MESSAGES[payment.responseCode] ?? 'The transaction failed.';
    }
    if (!lostCallback) void sendCallback(payment);
    return true;
  }

  async function sendCallback(payment: FakePayment): Promise<FakeAirtelMoneyState['callbacks'][number] | null> {
    if (!options.callbackUrl) return null;
    const body = {
      transaction: { id: payment.id, message: payment.message, status_code: payment.status === 'TS' ? 'TS' : 'TF', airtel_money_id: payment.airtelMoneyId },
    };
    const delivery = { id: payment.id, ...(await deliver(options.callbackUrl, 'POST', body)) };
    callbacks.push(delivery);
    return delivery;
  }

  async function control(action: string, body: Record<string, unknown>, res: http.ServerResponse): Promise<boolean> {
    const code = typeof body.code === 'string' && body.code ? body.code : REFUSED;
    if (action === 'next') {
      const { outcome, delayMs, lostCallback, times, payer } = body;
      if (!['success', 'fail', 'expire', 'pending', 'ambiguous'].includes(outcome as string)) {
        sendJson(res, 400, { error: "outcome must be 'success', 'fail', 'expire', 'pending' or 'ambiguous'" });
        return true;
      }
      const plan: Plan = {
        outcome: outcome as Plan['outcome'],
        code,
        delayMs: typeof delayMs === 'number' && delayMs >= 0 ? delayMs : null,
        lostCallback: lostCallback === true,
      };
      sendJson(res, 200, { ok: true, queued: network.queue(plan, times, payer) });
      return true;
    }
    if (action !== 'decide' && action !== 'callback') return false;
    const id = typeof body.id === 'string' ? body.id : body.reference;
    const payment = typeof id === 'string' ? payments.get(id) : undefined;
    if (!payment) sendJson(res, 404, { error: 'No payment has this id' });
    else if (action === 'callback') {
      if (payment.status === 'TIP' || payment.status === 'TA') sendJson(res, 409, { error: 'The payment is still waiting: Airtel sends no callback yet' });
      else sendJson(res, 200, (await sendCallback(payment)) ?? { error: 'The fake has no callbackUrl' });
    } else {
      const { outcome, lostCallback } = body;
      if (outcome !== 'success' && outcome !== 'fail' && outcome !== 'expire') sendJson(res, 400, { error: "outcome must be 'success', 'fail' or 'expire'" });
      else if (decide(payment, outcome, code, lostCallback === true || payment.plan.lostCallback)) sendJson(res, 200, { ok: true, status: payment.status });
      else sendJson(res, 409, { error: `Already ${payment.status}` });
    }
    return true;
  }

  const listening = await network.serve(options.port, {
    api,
    control,
    state: () => ({ payments: [...payments.values()], callbacks, refunds }),
    reset: () => {
      payments = new Map();
      callbacks = [];
      refunds = [];
    },
    crashed: (res, error) => refuse(res, 500, 'ESB000001', String(error)),
  });
  return { ...listening, env: { AIRTEL_BASE_URL: listening.baseUrl, AIRTEL_CLIENT_ID: clientId, AIRTEL_CLIENT_SECRET: clientSecret } };
}

export function refuse(res: http.ServerResponse, httpStatus: number, resultCode: string, message: string, responseCode = '') {
  sendJson(res, httpStatus, {
    status: { code: String(httpStatus), message, result_code: resultCode, ...(responseCode ? { response_code: responseCode } : {}), success: false },
  });
}

export function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Airtel's own ids look like "MP210603.1234.L06941". */
export function newAirtelMoneyId(): string {
  const now = new Date();
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const time = now.toISOString().slice(11, 16).replace(':', '');
  return `MP${date}.${time}.${String.fromCharCode(65 + randomInt(26))}${String(randomInt(10_000, 99_999))}`;
}
