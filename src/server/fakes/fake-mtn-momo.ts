/**
 * A local stand-in for MTN MoMo's Collection API (the MoMo Open API), for the tests and for demos
 * (`PAYMENT_FAKES=1`). It speaks the real protocol and checks what MTN checks:
 * - `POST /collection/token/`: Basic auth with the API user and key, and the subscription key; answers
 *   `{access_token, token_type, expires_in}`.
 * - `POST /collection/v1_0/requesttopay`: a valid bearer token, the subscription key, X-Target-Environment, an
 *   X-Reference-Id that is a UUID version 4 and new (a reused one gets 409 RESOURCE_ALREADY_EXIST), the amount as
 *   a text of digits, EUR in the `sandbox` target environment and UGX in any other, payerMessage and payeeNote
 *   of at most 160 characters. Answers 202 with an empty body. A number MTN does not know (not 256 then an MTN
 *   mobile number) is accepted and fails at once with PAYER_NOT_FOUND, as MTN does.
 * - `GET /collection/v1_0/requesttopay/{reference}`: the request's status (200 even when FAILED), 404 when unknown.
 * Where MTN's documentation gives only an HTTP status for a refusal (400), the body's code is the fake's own.
 *
 * Each request is decided after `approveAfterMs`: approved, or declined (APPROVAL_REJECTED) when the number ends
 * in `declineSuffix`, or left unanswered (pending, whatever `next` queued) when it ends in `unansweredSuffix`; one
 * still pending after `expireAfterMs` fails with COULD_NOT_PERFORM_TRANSACTION. Once
 * decided, ONE callback is sent, as MTN does (no retry): a PUT of the status body to the request's X-Callback-Url.
 *
 * Switches, over HTTP so that tests in other processes can drive it:
 *   POST /__fake/next {outcome, reason?, delayMs?, lostCallback?, times?, payer?}
 *        the next request(s) to pay: outcome 'success', 'fail' (with `reason`, default APPROVAL_REJECTED) or
 *        'pending' (stays pending until decided or expired); `delayMs` instead of approveAfterMs; `lostCallback`:
 *        decided without a callback; `payer` (a number): for the next payment
 *        from that number alone, so tests running side by side keep their own plans
 *   POST /__fake/decide {reference, outcome: 'success' | 'fail', reason?, lostCallback?, currency?}
 *        decide a pending request now (and send its callback); `currency` changes the currency its status names
 *        (null: it names none), as a misbehaving or spoofed network answer might
 *   POST /__fake/callback {reference}   send a decided request's callback again (a duplicate); answers the delivery
 *   POST /__fake/fail {path, method?, mode: 'http500' | 'hang', times?}
 *        the next call(s) to an API path fail ("collection/v1_0/requesttopay/*" covers every status call)
 *   POST /__fake/expire-tokens          every token issued so far stops working (HTTP 401)
 *   GET  /__fake/state                  tokens issued, requests with their headers, payments, callbacks with the store's replies
 *   POST /__fake/reset                  forget everything
 */
import { randomInt } from 'node:crypto';
import type http from 'node:http';
import { deliver, headerOf, jsonObjectOf, sendJson, type Delivery, type FakeServer } from './fake-server';
import { createFakeNetwork, type RecordedCall } from './fake-network';

export type FakeMtnMomoOptions = {
  port?: number;
  subscriptionKey?: string;
  apiUser?: string;
  apiKey?: string;
  /** The target environment the API user belongs to: `sandbox` takes EUR, any other ("mtnuganda") UGX. */
  targetEnvironment?: string;
  /** How long the buyer takes to answer the prompt (default 3 s). */
  approveAfterMs?: number;
  /** Numbers ending in this are declined (default '13'). */
  declineSuffix?: string;
  /** Numbers ending in this are never answered by the buyer: pending until decided or expired (default '98'). */
  unansweredSuffix?: string;
  /** A request still pending this long fails (default 5 minutes, MTN's approval window). */
  expireAfterMs?: number;
  tokenLifetimeSeconds?: number;
};

/** The fake, and the environment that points the store's MTN MoMo gateway at it. */
export type FakeMtnMomo = FakeServer & { env: Record<string, string> };

type Outcome = 'success' | 'fail' | 'pending';
type Plan = { outcome: Outcome; reason: string; delayMs: number | null; lostCallback: boolean };

/** A request to pay as the fake keeps it; `body` is what MTN's status call and callback answer. */
type FakeRequestToPay = {
  reference: string;
  callbackUrl: string;
  createdAt: string;
  decidedAt: string | null;
  plan: Plan;
  body: {
    amount: string;
    currency: string;
    financialTransactionId?: string;
    externalId: string;
    payer: { partyIdType: string; partyId: string };
    payerMessage: string;
    payeeNote: string;
    status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
    reason?: string;
  };
};

/** What GET /__fake/state answers. */
export type FakeMtnMomoState = {
  tokensIssued: number;
  requests: RecordedCall[];
  payments: FakeRequestToPay[];
  callbacks: (Delivery & { reference: string })[];
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** MTN Uganda's mobile numbers, in the form MTN wants: 256 and 76, 77 or 78 and seven digits. */
const KNOWN_PAYER = /^2567[678]\d{7}$/;
const NOTE_MAX = 160;
const TOKEN_PATH = 'collection/token/';
const REQUEST_TO_PAY_PATH = 'collection/v1_0/requesttopay';

/** What a fake MTN product checks before its own routes. */
export type FakeMtnProduct = {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  tokenLifetimeSeconds: number;
  tokenPath: string;
  /** The product's API paths start with this. */
  apiPath: string;
};

/**
 * What every MTN product checks first, answered here: the product's subscription key, its token call (Basic auth
 * with the API user and key), a known path, a valid bearer token and the API user's target environment. True when
 * the call was answered; false when it is for the product's own routes.
 */
export function answeredByMtnGate(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { method, path }: { method: string; path: string },
  product: FakeMtnProduct,
  network: { issueToken(): string; authorized(req: http.IncomingMessage): boolean },
): boolean {
  if (headerOf(req, 'ocp-apim-subscription-key') !== product.subscriptionKey) {
    sendJson(res, 401, {
      statusCode: 401,
      message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
    });
  } else if (method === 'POST' && path === product.tokenPath) {
    const match = /^Basic (.+)$/.exec(headerOf(req, 'authorization'));
    if (!match || Buffer.from(match[1]!, 'base64').toString('utf8') !== `${product.apiUser}:${product.apiKey}`) sendJson(res, 401, { error: 'login_failed' });
    else sendJson(res, 200, { access_token: network.issueToken(), token_type: 'access_token', expires_in: product.tokenLifetimeSeconds });
  } else if (!path.startsWith(product.apiPath)) {
    sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: `No route ${method} /${path}` });
  } else if (!network.authorized(req)) {
    sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'Access denied due to an invalid or expired access token.' });
  } else if (headerOf(req, 'x-target-environment') !== product.targetEnvironment) {
    sendJson(res, 400, { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: `The API user belongs to ${product.targetEnvironment}` });
  } else return false;
  return true;
}

export async function startFakeMtnMomo(options: FakeMtnMomoOptions = {}): Promise<FakeMtnMomo> {
  const subscriptionKey = options.subscriptionKey ?? 'fake-subscription-key';
  const apiUser = options.apiUser ?? 'c8a5b3e2-6f1d-4c0a-9b7e-2d4f6a8c0e1b';
  const apiKey = options.apiKey ?? 'fake-api-key';
  const targetEnvironment = options.targetEnvironment ?? 'mtnuganda';
  const currency = targetEnvironment === 'sandbox' ? 'EUR' : 'UGX';
  const approveAfterMs = options.approveAfterMs ?? 3_000;
  const declineSuffix = options.declineSuffix ?? '13';
  const unansweredSuffix = options.unansweredSuffix ?? '98';
  const expireAfterMs = options.expireAfterMs ?? 5 * 60_000;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3_600;

  const network = createFakeNetwork<Plan>(tokenLifetimeSeconds);
  let payments = new Map<string, FakeRequestToPay>();
  let callbacks: FakeMtnMomoState['callbacks'] = [];

  const product = { subscriptionKey, apiUser, apiKey, targetEnvironment, tokenLifetimeSeconds, tokenPath: TOKEN_PATH, apiPath: REQUEST_TO_PAY_PATH };

  function api(req: http.IncomingMessage, res: http.ServerResponse, { method, path, text }: { method: string; path: string; text: string }) {
    if (answeredByMtnGate(req, res, { method, path }, product, network)) return;
    if (method === 'POST' && path === REQUEST_TO_PAY_PATH) return requestToPay(req, text, res);
    const statusMatch = new RegExp(`^${REQUEST_TO_PAY_PATH}/([^/]+)$`).exec(path);
    if (method === 'GET' && statusMatch) {
      const payment = payments.get(decodeURIComponent(statusMatch[1]!));
      if (!payment) return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return sendJson(res, 200, payment.body);
    }
    return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: `No route ${method} /${path}` });
  }

  function requestToPay(req: http.IncomingMessage, text: string, res: http.ServerResponse) {
    const badRequest = (message: string, code = 'BAD_REQUEST') => sendJson(res, 400, { code, message });
    const reference = headerOf(req, 'x-reference-id');
    if (!UUID_V4.test(reference)) return badRequest('X-Reference-Id must be a UUID version 4');
    if (payments.has(reference))
      return sendJson(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    if (!headerOf(req, 'content-type').includes('application/json')) return badRequest('Send application/json');
    const input = jsonObjectOf(text);
    if (!input) return badRequest('The body is not a JSON object');
    const { amount, externalId, payerMessage = '', payeeNote = '' } = input;
    const payer = typeof input.payer === 'object' && input.payer !== null ? (input.payer as Record<string, unknown>) : null;
    if (typeof amount !== 'string' || !/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0)
      return badRequest('amount must be a positive amount written as a text');
    if (input.currency !== currency) return badRequest(`The ${targetEnvironment} environment takes ${currency} only`, 'INVALID_CURRENCY');
    if (typeof externalId !== 'string' || externalId === '') return badRequest('externalId is required');
    if (!payer || payer.partyIdType !== 'MSISDN' || typeof payer.partyId !== 'string' || payer.partyId === '')
      return badRequest('payer must be {partyIdType: "MSISDN", partyId}');
    if (typeof payerMessage !== 'string' || typeof payeeNote !== 'string' || payerMessage.length > NOTE_MAX || payeeNote.length > NOTE_MAX) {
      return badRequest(`payerMessage and payeeNote are texts of at most ${NOTE_MAX} characters`);
    }
    const callbackUrl = headerOf(req, 'x-callback-url');
    if (callbackUrl && !/^https?:\/\/[^/]+/.test(callbackUrl)) return badRequest('X-Callback-Url must be an absolute URL', 'INVALID_CALLBACK_URL_HOST');

    const partyId = payer.partyId;
    const payment: FakeRequestToPay = {
      reference,
      callbackUrl,
      createdAt: new Date().toISOString(),
      decidedAt: null,
      plan: (partyId.endsWith(unansweredSuffix)
        ? ({ outcome: 'pending', reason: '', delayMs: null, lostCallback: false } satisfies Plan)
        : network.nextPlan(partyId)) ?? {
        outcome: partyId.endsWith(declineSuffix) ? 'fail' : 'success',
        reason: 'APPROVAL_REJECTED',
        delayMs: null,
        lostCallback: false,
      },
      body: { amount, currency, externalId, payer: { partyIdType: 'MSISDN', partyId }, payerMessage, payeeNote, status: 'PENDING' },
    };
    payments.set(reference, payment);
    res.writeHead(202).end();

    if (!KNOWN_PAYER.test(partyId)) return void decide(payment, 'fail', 'PAYER_NOT_FOUND');
    network.timers.after(reference, expireAfterMs, () => void decide(payment, 'fail', 'COULD_NOT_PERFORM_TRANSACTION'));
    if (payment.plan.outcome !== 'pending') {
      const { outcome, reason } = payment.plan;
      network.timers.after(reference, payment.plan.delayMs ?? approveAfterMs, () => void decide(payment, outcome, reason));
    }
  }

  /** Settles a pending request and sends its one callback (unless lost); false when it was already settled. */
  function decide(payment: FakeRequestToPay, outcome: 'success' | 'fail', reason: string, lostCallback = payment.plan.lostCallback): boolean {
    if (payment.body.status !== 'PENDING') return false;
    network.timers.clear(payment.reference);
    payment.decidedAt = new Date().toISOString();
    if (outcome === 'success') {
      payment.body.status = 'SUCCESSFUL';
      payment.body.financialTransactionId = String(randomInt(100_000_000, 999_999_999));
    } else {
      payment.body.status = 'FAILED';
      payment.body.reason = reason;
    }
    if (!lostCallback) void sendCallback(payment);
    return true;
  }

  async function sendCallback(payment: FakeRequestToPay): Promise<FakeMtnMomoState['callbacks'][number] | null> {
    if (!payment.callbackUrl) return null;
    const delivery = { reference: payment.reference, ...(await deliver(payment.callbackUrl, 'PUT', payment.body)) };
    callbacks.push(delivery);
    return delivery;
  }

  async function control(action: string, body: Record<string, unknown>, res: http.ServerResponse): Promise<boolean> {
    if (action === 'next') {
      const { outcome, reason, delayMs, lostCallback, times, payer } = body;
      if (outcome !== 'success' && outcome !== 'fail' && outcome !== 'pending') {
        sendJson(res, 400, { error: "outcome must be 'success', 'fail' or 'pending'" });
        return true;
      }
      const plan: Plan = {
        outcome,
        reason: typeof reason === 'string' && reason ? reason : 'APPROVAL_REJECTED',
        delayMs: typeof delayMs === 'number' && delayMs >= 0 ? delayMs : null,
        lostCallback: lostCallback === true,
      };
      sendJson(res, 200, { ok: true, queued: network.queue(plan, times, payer) });
      return true;
    }
    if (action !== 'decide' && action !== 'callback') return false;
    const payment = typeof body.reference === 'string' ? payments.get(body.reference) : undefined;
    if (!payment) sendJson(res, 404, { error: 'No request to pay has this reference' });
    else if (action === 'callback') {
      if (payment.body.status === 'PENDING') sendJson(res, 409, { error: 'The request is still pending: MTN sends no callback yet' });
      else sendJson(res, 200, (await sendCallback(payment)) ?? { error: 'The request has no X-Callback-Url' });
    } else {
      const { outcome, reason, lostCallback } = body;
      if (typeof body.currency === 'string') payment.body.currency = body.currency;
      else if (body.currency === null) delete (payment.body as Partial<FakeRequestToPay['body']>).currency;
      if (outcome !== 'success' && outcome !== 'fail') sendJson(res, 400, { error: "outcome must be 'success' or 'fail'" });
      else if (
        decide(payment, outcome, typeof reason === 'string' && reason ? reason : 'APPROVAL_REJECTED', lostCallback === true || payment.plan.lostCallback)
      ) {
        sendJson(res, 200, { ok: true, status: payment.body.status });
      } else sendJson(res, 409, { error: `Already ${payment.body.status}` });
    }
    return true;
  }

  const listening = await network.serve(options.port, {
    api,
    control,
    state: () => ({ payments: [...payments.values()], callbacks }),
    reset: () => {
      payments = new Map();
      callbacks = [];
    },
    crashed: (res, error) => sendJson(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: String(error) }),
  });
  const baseUrl = listening.baseUrl;
  return {
    ...listening,
    env: {
      MTN_MOMO_BASE_URL: baseUrl,
      MTN_MOMO_SUBSCRIPTION_KEY: subscriptionKey,
      MTN_MOMO_API_USER: apiUser,
      MTN_MOMO_API_KEY: apiKey,
      MTN_MOMO_TARGET_ENV: targetEnvironment,
    },
  };
}
