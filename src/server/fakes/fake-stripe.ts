/**
 * A local stand-in for Stripe Checkout, for the tests and for demos (`PAYMENT_FAKES=1`): the three Checkout Session calls the store makes, a
 * hosted payment page with "Pay now" and "Cancel", and signed webhook events sent to the store. It keeps
 * Stripe's rules that matter for UGX (amounts × 100, divisible by 100, a minimum total) and answers errors
 * in Stripe's shape. Tests in other processes drive it through the /__fake/* endpoints.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { signStripePayload, type StripeCheckoutSession, type StripeEvent } from '../payments/gateways/stripe';
import { escapeHtml, htmlPage, listen, readText, type FakeServer } from './fake-server';

export type FakeStripeOptions = { secretKey?: string; webhookUrl?: string; webhookSecret?: string; port?: number };

/** A line item as the form sent it: anything may be missing or of the wrong kind. */
type FormLineItem = {
  price?: unknown;
  quantity?: unknown;
  price_data?: { currency?: unknown; unit_amount?: unknown; product_data?: { name?: unknown } };
};
type LineItem = { price_data: { currency: string; unit_amount: number; product_data: { name: string } }; quantity: number };
type Session = StripeCheckoutSession & {
  amount_subtotal: number;
  mode: 'payment';
  created: number;
  expires_at: number;
  livemode: false;
  line_items: LineItem[];
};
type WebhookReply = { at: string; status: number | null; body: string; error: string | null };
type RecordedEvent = { event: StripeEvent; raw_body: string; signature: string; replies: WebhookReply[] };
type RecordedRequest = { method: string; path: string; idempotency_key: string | null; form: Record<string, unknown> };
/**
 * The next call(s) to a path (of one method, when given): the connection dropped before Stripe acts, an HTTP 500,
 * the usual answer `ms` late (a slow Stripe), or `lost`: Stripe carries the call out but its answer never arrives
 * (the connection drops after it), as when the store gives up waiting on a call that went through.
 */
type Failure = { times: number; mode: 'error' | 'http500' | 'slow' | 'lost'; ms: number };
const FAILURE_MODES: readonly unknown[] = ['error', 'http500', 'slow', 'lost'];
type StripeError = { status: number; type: string; message: string; code?: string; param?: string };
type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string | null;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  created: number;
};

/** Below this many Stripe units of UGX (UGX 2,000) a session counts as under 50 US cents. */
const MINIMUM_UGX_UNITS = 200_000;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeServer> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  let baseUrl = '';

  const sessions = new Map<string, Session>();
  const events: RecordedEvent[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { rawBody: string; reply: unknown }>();
  const failures = new Map<string, Failure>();
  const refunds: Refund[] = [];

  async function deliver(recorded: RecordedEvent, signature = recorded.signature): Promise<WebhookReply> {
    const reply: WebhookReply = { at: new Date().toISOString(), status: null, body: '', error: null };
    if (!options.webhookUrl) reply.error = 'no webhookUrl';
    else {
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (fake)' },
          body: recorded.raw_body,
          signal: AbortSignal.timeout(10_000),
        });
        reply.status = response.status;
        reply.body = await response.text();
      } catch (error) {
        reply.error = error instanceof Error ? error.message : String(error);
      }
    }
    recorded.replies.push(reply);
    return reply;
  }

  async function emit(type: string, session: Session): Promise<RecordedEvent> {
    const event: StripeEvent & Record<string, unknown> = {
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      created: now(),
      livemode: false,
      type,
      data: { object: publicSession(session) },
    };
    const rawBody = JSON.stringify(event, null, 2);
    const recorded: RecordedEvent = { event, raw_body: rawBody, signature: signStripePayload(rawBody, webhookSecret), replies: [] };
    events.push(recorded);
    await deliver(recorded);
    return recorded;
  }

  function complete(session: Session) {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_test_${randomBytes(12).toString('hex')}`;
    session.url = null;
  }

  async function expire(session: Session): Promise<RecordedEvent> {
    session.status = 'expired';
    session.url = null;
    return emit('checkout.session.expired', session);
  }

  function createSession(form: Record<string, unknown>): Session | StripeError {
    if (form.mode === undefined) return missing('mode');
    if (form.mode !== 'payment') return invalid('mode', `Invalid mode: this store only takes mode=payment, not ${String(form.mode)}.`);
    const rawItems = form.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) return missing('line_items');

    const lineItems: LineItem[] = [];
    let currency: string | null = null;
    let total = 0;
    for (const [index, raw] of rawItems.entries()) {
      const item = (raw ?? {}) as FormLineItem;
      const param = `line_items[${index}]`;
      if (item.price !== undefined) return invalid(`${param}[price]`, `No such price: '${String(item.price)}'`, 'resource_missing');
      if (!item.price_data) return missing(`${param}[price_data]`);
      const itemCurrency = String(item.price_data.currency ?? '').toLowerCase();
      if (!itemCurrency) return missing(`${param}[price_data][currency]`);
      if (currency && itemCurrency !== currency) return invalid(`${param}[price_data][currency]`, 'All line items must use the same currency.');
      currency = itemCurrency;
      if (item.price_data.unit_amount === undefined) return missing(`${param}[price_data][unit_amount]`);
      if (!/^\d+$/.test(String(item.price_data.unit_amount))) {
        return invalid(`${param}[price_data][unit_amount]`, `Invalid integer: ${String(item.price_data.unit_amount)}`);
      }
      const unitAmount = Number(item.price_data.unit_amount);
      if (currency === 'ugx' && unitAmount % 100 !== 0) {
        return invalid(
          `${param}[price_data][unit_amount]`,
          'Invalid amount. Currency UGX has become effectively zero-decimal and charged amounts must be evenly divisible by 100.',
        );
      }
      const name = item.price_data.product_data?.name;
      if (typeof name !== 'string' || name === '') return missing(`${param}[price_data][product_data][name]`);
      if (item.quantity === undefined) return missing(`${param}[quantity]`);
      if (!/^\d+$/.test(String(item.quantity)) || Number(item.quantity) < 1) {
        return invalid(`${param}[quantity]`, `Invalid integer: ${String(item.quantity)}`);
      }
      const quantity = Number(item.quantity);
      lineItems.push({ price_data: { currency, unit_amount: unitAmount, product_data: { name } }, quantity });
      total += unitAmount * quantity;
    }
    if (currency === 'ugx' && total < MINIMUM_UGX_UNITS) {
      return { status: 400, type: 'invalid_request_error', message: "The Checkout Session's total amount must convert to at least 50 cents." };
    }

    for (const name of ['success_url', 'cancel_url'] as const) {
      if (form[name] !== undefined && !isHttpUrl(form[name])) return invalid(name, 'Not a valid URL', 'url_invalid');
    }
    const created = now();
    let expiresAt = created + 24 * 3600;
    if (form.expires_at !== undefined) {
      expiresAt = Number(form.expires_at);
      if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
        return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.');
      }
    }
    const metadata = (form.metadata ?? {}) as Record<string, string>;
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    return {
      id,
      object: 'checkout.session',
      url: `${baseUrl}/pay/${id}`,
      amount_subtotal: total,
      amount_total: total,
      currency,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata,
      mode: 'payment',
      payment_intent: null,
      success_url: typeof form.success_url === 'string' ? form.success_url : null,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      created,
      expires_at: expiresAt,
      livemode: false,
      line_items: lineItems,
    };
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string, rawBody: string) {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || auth === 'Bearer ') {
      return sendError(res, {
        status: 401,
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = auth.slice('Bearer '.length);
    if (key !== secretKey) return sendError(res, { status: 401, type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` });

    const form = parseStripeForm(rawBody);
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? '', path, idempotency_key: idempotencyKey, form });

    if (req.method === 'POST' && path === '/v1/refunds') return refund(res, form, idempotencyKey, rawBody);

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (idempotencyKey) {
        const earlier = idempotent.get(idempotencyKey);
        if (earlier && earlier.rawBody !== rawBody) {
          return sendError(res, {
            status: 400,
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (earlier) return sendJson(res, 200, earlier.reply, { 'Idempotent-Replayed': 'true' });
      }
      const created = createSession(form);
      if (!('id' in created)) return sendError(res, created);
      sessions.set(created.id, created);
      const reply = publicSession(created);
      if (idempotencyKey) idempotent.set(idempotencyKey, { rawBody, reply });
      return sendJson(res, 200, reply);
    }

    if (req.method === 'GET' && path === '/v1/checkout/sessions') return listSessions(req, res);

    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const session = sessions.get(id);
      if (!session) {
        return sendError(res, {
          status: 404,
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${id}'`,
        });
      }
      if (!match[2] && req.method === 'GET') return sendJson(res, 200, publicSession(session));
      if (match[2] && req.method === 'POST') {
        if (session.status !== 'open') {
          return sendError(res, { status: 400, type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in ["open"] can be expired.' });
        }
        await expire(session);
        return sendJson(res, 200, publicSession(session));
      }
    }
    return sendError(res, { status: 404, type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
  }

  /**
   * Stripe's list of Checkout Sessions, newest first, narrowed by `status` and `created[gte]`, a page of `limit`
   * (1 to 100, 10 by default) after the session `starting_after`.
   */
  function listSessions(req: http.IncomingMessage, res: http.ServerResponse) {
    const query = new URL(req.url ?? '/', baseUrl).searchParams;
    const status = query.get('status');
    const since = query.get('created[gte]');
    const limit = query.get('limit') === null ? 10 : Number(query.get('limit'));
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return sendError(res, invalid('limit', 'This value must be between 1 and 100.'));
    if (since !== null && !/^\d+$/.test(since)) return sendError(res, invalid('created', `Invalid integer: ${since}`));
    let listed = [...sessions.values()]
      .filter((session) => (status === null || session.status === status) && (since === null || session.created >= Number(since)))
      .reverse();
    const after = query.get('starting_after');
    if (after !== null) {
      const at = listed.findIndex((session) => session.id === after);
      if (at < 0) return sendError(res, invalid('starting_after', `No such checkout.session: '${after}'`, 'resource_missing'));
      listed = listed.slice(at + 1);
    }
    return sendJson(res, 200, {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: listed.length > limit,
      data: listed.slice(0, limit).map(publicSession),
    });
  }

  /** Stripe's refund rules that matter here: a paid payment intent, whole UGX × 100, never more than was paid. */
  function refund(res: http.ServerResponse, form: Record<string, unknown>, idempotencyKey: string | null, rawBody: string) {
    const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier) return sendJson(res, 200, earlier.reply, { 'Idempotent-Replayed': 'true' });
    const intent = typeof form.payment_intent === 'string' ? form.payment_intent : '';
    if (!intent) return sendError(res, missing('payment_intent'));
    const session = [...sessions.values()].find((entry) => entry.payment_intent === intent);
    if (!session)
      return sendError(res, {
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${intent}'`,
      });
    const paid = session.amount_total ?? 0;
    const amount = form.amount === undefined ? paid : Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return sendError(res, invalid('amount', `Invalid integer: ${String(form.amount)}`));
    if (session.currency === 'ugx' && amount % 100 !== 0) {
      return sendError(
        res,
        invalid('amount', 'Invalid amount. Currency UGX has become effectively zero-decimal and charged amounts must be evenly divisible by 100.'),
      );
    }
    const refunded = refunds.filter((entry) => entry.payment_intent === intent).reduce((sum, entry) => sum + entry.amount, 0);
    if (refunded + amount > paid) {
      return sendError(res, {
        status: 400,
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid - refunded})`,
      });
    }
    const made: Refund = {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      reason: typeof form.reason === 'string' ? form.reason : null,
      status: 'succeeded',
      created: now(),
    };
    refunds.push(made);
    if (idempotencyKey) idempotent.set(idempotencyKey, { rawBody, reply: made });
    return sendJson(res, 200, made);
  }

  async function handleHostedPage(req: http.IncomingMessage, res: http.ServerResponse, id: string, rawBody: string) {
    const session = sessions.get(id);
    if (!session) return sendHtml(res, 404, htmlPage('Payment not found', '<p>This payment link is not valid.</p>'));
    if (req.method === 'GET') {
      if (session.status !== 'open') return sendHtml(res, 410, htmlPage('Payment closed', `<p>This payment is ${session.status}.</p>`));
      const amount =
        session.currency === 'ugx' ? `UGX ${((session.amount_total ?? 0) / 100).toLocaleString('en-US')}` : `${session.amount_total} ${session.currency}`;
      const items = session.line_items.map((item) => `<li>${escapeHtml(item.price_data.product_data.name)} × ${item.quantity}</li>`).join('');
      return sendHtml(
        res,
        200,
        htmlPage(
          `Pay ${amount}`,
          `<ul>${items}</ul>` +
            `<form method="post" action="/pay/${escapeHtml(id)}">` +
            '<button type="submit" name="action" value="pay">Pay now</button> ' +
            '<button type="submit" name="action" value="cancel">Cancel</button></form>',
        ),
      );
    }
    if (req.method !== 'POST') return sendHtml(res, 405, htmlPage('Not allowed', '<p>Method not allowed.</p>'));

    const action = new URLSearchParams(rawBody).get('action');
    if (action === 'cancel') return redirect(res, session.cancel_url ?? baseUrl);
    if (action !== 'pay') return sendHtml(res, 400, htmlPage('Unknown action', '<p>Choose Pay now or Cancel.</p>'));
    if (session.status !== 'open') return sendHtml(res, 410, htmlPage('Payment closed', `<p>This payment is ${session.status}.</p>`));
    complete(session);
    await emit('checkout.session.completed', session);
    return redirect(res, (session.success_url ?? baseUrl).replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, path: string, rawBody: string) {
    if (req.method === 'GET' && path === '/__fake/state') {
      return sendJson(res, 200, { sessions: [...sessions.values()], events, requests, refunds });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    let body: Record<string, unknown>;
    try {
      body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
    } catch {
      return sendJson(res, 400, { error: 'The body must be JSON' });
    }
    const findSession = () => sessions.get(String(body.sessionId));

    switch (path) {
      case '/__fake/pay': {
        const session = findSession();
        if (!session) return sendJson(res, 404, { error: `No session ${String(body.sessionId)}` });
        if (session.status !== 'open') return sendJson(res, 409, { error: `The session is ${session.status}` });
        complete(session);
        const recorded = body.send_webhook === false ? null : await emit('checkout.session.completed', session);
        return sendJson(res, 200, { session: publicSession(session), event: recorded });
      }
      case '/__fake/expire': {
        const session = findSession();
        if (!session) return sendJson(res, 404, { error: `No session ${String(body.sessionId)}` });
        if (session.status !== 'open') return sendJson(res, 409, { error: `The session is ${session.status}` });
        const recorded = await expire(session);
        return sendJson(res, 200, { session: publicSession(session), event: recorded });
      }
      case '/__fake/resend': {
        const recorded = events.find((item) => item.event.id === body.eventId);
        if (!recorded) return sendJson(res, 404, { error: `No event ${String(body.eventId)}` });
        // Unchanged by default: the same bytes and the same signature, as a replayed request would be.
        const reply = await deliver(recorded, body.resign === true ? signStripePayload(recorded.raw_body, webhookSecret) : recorded.signature);
        return sendJson(res, 200, { event: recorded.event, reply });
      }
      case '/__fake/fail': {
        const mode = body.mode as Failure['mode'];
        if (typeof body.path !== 'string' || !FAILURE_MODES.includes(mode)) {
          return sendJson(res, 400, { error: "Give a path and a mode of 'error', 'http500', 'slow' or 'lost'" });
        }
        if (body.method !== undefined && body.method !== 'GET' && body.method !== 'POST') return sendJson(res, 400, { error: "method is 'GET' or 'POST'" });
        const times = body.times === undefined ? 1 : Number(body.times);
        if (!Number.isInteger(times) || times < 1) return sendJson(res, 400, { error: 'times must be a positive whole number' });
        const ms = body.ms === undefined ? 2_000 : Number(body.ms);
        if (!Number.isInteger(ms) || ms < 0) return sendJson(res, 400, { error: 'ms must be a whole number of milliseconds' });
        failures.set(body.method ? `${body.method} ${body.path}` : body.path, { times, mode, ms });
        return sendJson(res, 200, { path: body.path, method: body.method ?? null, times, mode, ms });
      }
      case '/__fake/reset':
        sessions.clear();
        events.length = 0;
        requests.length = 0;
        idempotent.clear();
        failures.clear();
        refunds.length = 0;
        return sendJson(res, 200, { reset: true });
      default:
        return sendJson(res, 404, { error: `No control endpoint ${path}` });
    }
  }

  const server = http.createServer((req, res) => {
    void readText(req).then(async (rawBody) => {
      const path = new URL(req.url ?? '/', baseUrl).pathname;
      const failureKey = [`${req.method} ${path}`, path].find((key) => !path.startsWith('/__fake/') && failures.has(key));
      const failure = failureKey ? failures.get(failureKey) : undefined;
      if (failure) {
        if (--failure.times <= 0) failures.delete(failureKey!);
        if (failure.mode === 'error') return void req.socket.destroy();
        if (failure.mode === 'http500') return void sendError(res, { status: 500, type: 'api_error', message: 'An unknown error occurred' });
        if (failure.mode === 'lost') {
          // The call is carried out against an answer nobody reads; the store's connection drops.
          await handleApi(req, new http.ServerResponse(req), path, rawBody);
          return void req.socket.destroy();
        }
        await new Promise((resolve) => setTimeout(resolve, failure.ms));
      }
      const hosted = /^\/pay\/([^/]+)$/.exec(path);
      const handled = path.startsWith('/__fake/')
        ? handleControl(req, res, path, rawBody)
        : hosted
          ? handleHostedPage(req, res, decodeURIComponent(hosted[1]!), rawBody)
          : handleApi(req, res, path, rawBody);
      handled.catch((error: unknown) => {
        if (!res.headersSent) sendError(res, { status: 500, type: 'api_error', message: String(error) });
        else res.destroy();
      });
    });
  });

  const listening = await listen(server, options.port);
  baseUrl = listening.baseUrl;
  return listening;
}

/** The session as the API shows it: line items are only listed on request. */
function publicSession(session: Session): StripeCheckoutSession {
  const { line_items: _lineItems, ...visible } = session;
  return { ...visible };
}

/**
 * Stripe's form encoding nests with brackets: `line_items[0][price_data][unit_amount]=2500000`.
 * Numbered levels become arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const parts = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    if (parts.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return toArrays(root) as Record<string, unknown>;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, toArrays(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

function missing(param: string): StripeError {
  return { status: 400, type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
}

function invalid(param: string, message: string, code?: string): StripeError {
  return { status: 400, type: 'invalid_request_error', param, message, ...(code ? { code } : {}) };
}

function sendError(res: http.ServerResponse, error: StripeError) {
  const { status, ...body } = error;
  sendJson(res, status, { error: body });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(7).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}

function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function maskKey(key: string): string {
  const prefix = /^(sk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return key.length <= prefix.length + 4 ? `${prefix}****` : `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
