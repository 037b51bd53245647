/**
 * A local stand-in for Pesapal API 3.0 (JSON) for unit, API and browser tests and for demos (`PAYMENT_FAKES=1`): the same paths, bodies,
 * error objects and status codes the store's client meets in the sandbox, a hosted payment page with
 * "Pay now" and "Decline", and IPNs sent to the registered URL with the registered method.
 *
 * Tests in other processes drive it over HTTP:
 *   POST /__fake/status {trackingId, status_code}   set a status without notifying
 *   POST /__fake/notify {trackingId}                send the IPN again; answers with the recorded reply
 *   POST /__fake/fail {path, times?, mode, error?}  the next call(s) to an API path fail: 'error' (an error
 *                                                   object with status "500"), 'http500' or 'hang'
 *   POST /__fake/expire-tokens                      every token issued so far stops working (HTTP 401)
 *   GET  /__fake/state                              tokens issued, IPNs, orders, notifications sent, requests
 *   POST /__fake/reset                              forget everything
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { escapeHtml, htmlPage, listen, readText, type FakeServer } from './fake-server';

export type FakePesapalOptions = { port?: number; consumerKey?: string; consumerSecret?: string };
export type FakePesapal = FakeServer;

type IpnMethod = 'GET' | 'POST';
type Ipn = { ipn_id: string; url: string; ipn_notification_type: IpnMethod; created_date: string };
type Order = {
  order_tracking_id: string;
  merchant_reference: string;
  amount: number;
  currency: string;
  description: string;
  callback_url: string;
  cancellation_url: string;
  notification_id: string;
  billing_address: Record<string, unknown>;
  created_date: string;
  status_code: number;
  payment_method: string;
  confirmation_code: string;
  payment_account: string;
};
type Notification = {
  trackingId: string;
  merchantReference: string;
  url: string;
  method: IpnMethod;
  sentAt: string;
  reply: { status: number; body: unknown } | null;
  error: string | null;
};
type Failure = { times: number; mode: 'error' | 'http500' | 'hang'; error?: unknown };
type RequestRecord = { method: string; path: string; accept: string; contentType: string; authorization: string };

/** What GET /__fake/state answers, for tests that check what the store asked and was told. */
export type FakePesapalState = {
  tokensIssued: number;
  ipns: Ipn[];
  orders: (Order & { payment_status_description: (typeof STATUS_DESCRIPTIONS)[number] | undefined })[];
  notifications: Notification[];
  requests: RequestRecord[];
};

const TOKEN_LIFETIME_MS = 5 * 60_000;
const IPN_TIMEOUT_MS = 5_000;
const STATUS_DESCRIPTIONS = ['INVALID', 'COMPLETED', 'FAILED', 'REVERSED'] as const;
const MERCHANT_REFERENCE = /^[A-Za-z0-9._:-]+$/;

const API = {
  token: 'api/Auth/RequestToken',
  registerIpn: 'api/URLSetup/RegisterIPN',
  ipnList: 'api/URLSetup/GetIpnList',
  submitOrder: 'api/Transactions/SubmitOrderRequest',
  status: 'api/Transactions/GetTransactionStatus',
} as const;

export async function startFakePesapal(options: FakePesapalOptions = {}): Promise<FakePesapal> {
  const consumerKey = options.consumerKey ?? 'fake-key';
  const consumerSecret = options.consumerSecret ?? 'fake-secret';

  let tokens = new Map<string, number>();
  let tokensIssued = 0;
  let ipns: Ipn[] = [];
  let orders = new Map<string, Order>();
  let notifications: Notification[] = [];
  let failures = new Map<string, Failure>();
  let requests: RequestRecord[] = [];

  let baseUrl = '';

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { error_type: 'fake_error', code: 'fake_crashed', message: String(error) }, status: '500' });
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname.replace(/^\/+/, '');
    const method = req.method ?? 'GET';
    const text = await readText(req);

    if (path.startsWith('__fake/')) return control(path.slice('__fake/'.length), method, text, res);

    const payMatch = /^pay\/([^/]+)$/.exec(path);
    if (payMatch) return payPage(decodeURIComponent(payMatch[1]!), method, text, res);

    if (!path.startsWith('api/'))
      return sendJson(res, 404, { error: { error_type: 'api_error', code: 'not_found', message: `No route ${path}` }, status: '404' });

    requests.push({
      method,
      path,
      accept: header(req, 'accept'),
      contentType: header(req, 'content-type'),
      authorization: header(req, 'authorization'),
    });

    const failure = takeFailure(path);
    if (failure?.mode === 'hang') return; // The response stays open until the client gives up or the fake stops.
    if (failure?.mode === 'http500') {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (failure?.mode === 'error') {
      const error = failure.error ?? { error_type: 'api_error', code: 'fake_failure', message: 'The fake Pesapal was told to fail this call' };
      return sendJson(res, 200, { error, status: '500' });
    }

    if (method === 'POST' && !header(req, 'content-type').includes('application/json')) {
      return sendJson(res, 415, { error: { error_type: 'api_error', code: 'unsupported_media_type', message: 'Send application/json' }, status: '415' });
    }
    const body = text ? parseJson(text) : {};
    if (method === 'POST' && !isRecord(body)) {
      return sendJson(res, 400, { error: { error_type: 'api_error', code: 'invalid_json', message: 'The body is not a JSON object' }, status: '400' });
    }
    const input = isRecord(body) ? body : {};

    if (method === 'POST' && path === API.token) return requestToken(input, res);
    if (!authorized(req)) {
      return sendJson(res, 401, { error: { error_type: 'api_error', code: 'unauthorized', message: 'Invalid or expired token' }, status: '401' });
    }
    if (method === 'POST' && path === API.registerIpn) return registerIpn(input, res);
    if (method === 'GET' && path === API.ipnList) return sendJson(res, 200, ipns.map(describeIpn));
    if (method === 'POST' && path === API.submitOrder) return submitOrder(input, res);
    if (method === 'GET' && path === API.status) return transactionStatus(url.searchParams.get('orderTrackingId') ?? '', res);
    return sendJson(res, 404, { error: { error_type: 'api_error', code: 'not_found', message: `No route ${method} ${path}` }, status: '404' });
  }

  function requestToken(input: Record<string, unknown>, res: http.ServerResponse) {
    const expiryDate = new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString();
    if (input.consumer_key !== consumerKey || input.consumer_secret !== consumerSecret) {
      // Pesapal answers refused keys with HTTP 200, an empty message and status "500".
      return sendJson(res, 200, {
        token: null,
        expiryDate,
        error: { error_type: 'api_error', code: 'invalid_consumer_key_or_secret_provided', message: '' },
        status: '500',
        message: 'Request processed successfully',
      });
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + TOKEN_LIFETIME_MS);
    tokensIssued += 1;
    return sendJson(res, 200, { token, expiryDate, error: null, status: '200', message: 'Request processed successfully' });
  }

  function authorized(req: http.IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(header(req, 'authorization'));
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  function registerIpn(input: Record<string, unknown>, res: http.ServerResponse) {
    const type = input.ipn_notification_type;
    if (typeof input.url !== 'string' || !/^https?:\/\//.test(input.url)) return apiError(res, 'invalid_ipn_url', 'url must be an absolute http(s) URL');
    if (type !== 'GET' && type !== 'POST') return apiError(res, 'invalid_ipn_notification_type', 'ipn_notification_type must be GET or POST');
    const ipn: Ipn = { ipn_id: randomUUID(), url: input.url, ipn_notification_type: type, created_date: new Date().toISOString() };
    ipns.push(ipn);
    return sendJson(res, 200, describeIpn(ipn));
  }

  function submitOrder(input: Record<string, unknown>, res: http.ServerResponse) {
    const id = input.id;
    const billing = isRecord(input.billing_address) ? input.billing_address : null;
    if (typeof id !== 'string' || id === '') return apiError(res, 'missing_id', 'id is required');
    if (id.length > 50) return apiError(res, 'invalid_id', 'id must be at most 50 characters');
    if (!MERCHANT_REFERENCE.test(id)) return apiError(res, 'invalid_id', 'id must only contain letters, digits, dashes, underscores, dots and colons');
    if (typeof input.currency !== 'string' || !/^[A-Z]{3}$/.test(input.currency)) return apiError(res, 'invalid_currency', 'currency must be an ISO code');
    if (typeof input.amount !== 'number' || !Number.isFinite(input.amount) || input.amount <= 0)
      return apiError(res, 'invalid_amount', 'amount must be a positive number');
    if (typeof input.description !== 'string' || input.description === '') return apiError(res, 'missing_description', 'description is required');
    if (input.description.length > 100) return apiError(res, 'invalid_description', 'description must be at most 100 characters');
    if (typeof input.callback_url !== 'string' || !/^https?:\/\//.test(input.callback_url))
      return apiError(res, 'invalid_callback_url', 'callback_url is required');
    if (!ipns.some((ipn) => ipn.ipn_id === input.notification_id)) return apiError(res, 'invalid_notification_id', 'notification_id is not a registered IPN');
    if (!billing || (!nonEmpty(billing.email_address) && !nonEmpty(billing.phone_number))) {
      return apiError(res, 'invalid_billing_address', 'billing_address needs an email_address or a phone_number');
    }
    if ([...orders.values()].some((order) => order.merchant_reference === id)) {
      return apiError(res, 'duplicate_merchant_reference', `An order with id ${id} already exists`);
    }
    const order: Order = {
      order_tracking_id: randomUUID(),
      merchant_reference: id,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      callback_url: input.callback_url,
      cancellation_url: typeof input.cancellation_url === 'string' ? input.cancellation_url : '',
      notification_id: input.notification_id as string,
      billing_address: billing,
      created_date: new Date().toISOString(),
      status_code: 0,
      payment_method: '',
      confirmation_code: '',
      payment_account: '',
    };
    orders.set(order.order_tracking_id, order);
    return sendJson(res, 200, {
      order_tracking_id: order.order_tracking_id,
      merchant_reference: id,
      redirect_url: `${baseUrl}/pay/${order.order_tracking_id}`,
      error: null,
      status: '200',
    });
  }

  function transactionStatus(trackingId: string, res: http.ServerResponse) {
    const order = orders.get(trackingId);
    if (!order) {
      return sendJson(res, 200, {
        payment_method: '',
        amount: 0,
        created_date: '',
        confirmation_code: '',
        payment_status_description: 'INVALID',
        description: '',
        message: 'Request processed successfully',
        payment_account: '',
        call_back_url: '',
        status_code: 0,
        merchant_reference: '',
        payment_status_code: '',
        currency: '',
        error: { error_type: 'api_error', code: 'invalid_order_tracking_id', message: 'No order has this tracking id', call_back_url: '' },
        status: '500',
      });
    }
    // Until the buyer pays, Pesapal answers INVALID with a "Pending Payment" error and status "500".
    const pending = order.status_code === 0;
    return sendJson(res, 200, {
      payment_method: order.payment_method,
      amount: order.amount,
      created_date: order.created_date,
      confirmation_code: order.confirmation_code,
      payment_status_description: STATUS_DESCRIPTIONS[order.status_code] ?? 'INVALID',
      description: order.status_code === 2 ? 'The payment was declined' : '',
      message: 'Request processed successfully',
      payment_account: order.payment_account,
      call_back_url: callbackWithParams(order),
      status_code: order.status_code,
      merchant_reference: order.merchant_reference,
      payment_status_code: '',
      currency: order.currency,
      error: pending
        ? { error_type: 'api_error', code: 'payment_details_not_found', message: 'Pending Payment', call_back_url: callbackWithParams(order) }
        : null,
      status: pending ? '500' : '200',
    });
  }

  async function payPage(trackingId: string, method: string, text: string, res: http.ServerResponse) {
    const order = orders.get(trackingId);
    if (!order) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(htmlPage('Payment not found', '<p>No payment has this tracking id.</p>'));
      return;
    }
    if (method === 'GET') {
      const action = `/pay/${encodeURIComponent(trackingId)}`;
      const cancel = order.cancellation_url ? `<p><a href="${escapeHtml(order.cancellation_url)}">Cancel and return to the store</a></p>` : '';
      const body = `<p>Amount: <strong>${escapeHtml(order.currency)} ${order.amount.toLocaleString('en-US')}</strong></p>
<p>Merchant reference: <strong>${escapeHtml(order.merchant_reference)}</strong></p>
<p>${escapeHtml(order.description)}</p>
<form method="post" action="${action}">
<button type="submit" name="action" value="pay">Pay now</button>
<button type="submit" name="action" value="decline">Decline</button>
</form>
${cancel}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(htmlPage('Pesapal test payment', body));
      return;
    }
    if (method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    // A payment already settled is not settled again (a double submit): the buyer just goes back.
    if (order.status_code === 0) {
      const action = new URLSearchParams(text).get('action');
      if (action === 'pay') settle(order, 1);
      else settle(order, 2);
      await notify(order);
    }
    res.writeHead(302, { Location: callbackWithParams(order) }).end();
  }

  function settle(order: Order, statusCode: number) {
    order.status_code = statusCode;
    if (statusCode === 1 || statusCode === 3) {
      order.payment_method = order.payment_method || 'MTN';
      order.confirmation_code = order.confirmation_code || randomBytes(5).toString('hex').toUpperCase();
      order.payment_account = order.payment_account || maskPhone(order.billing_address.phone_number);
    } else if (statusCode === 2) {
      order.payment_method = order.payment_method || 'MTN';
    }
  }

  async function notify(order: Order): Promise<Notification> {
    const ipn = ipns.find((candidate) => candidate.ipn_id === order.notification_id);
    const params = {
      OrderTrackingId: order.order_tracking_id,
      OrderMerchantReference: order.merchant_reference,
      OrderNotificationType: 'IPNCHANGE',
    };
    const notification: Notification = {
      trackingId: order.order_tracking_id,
      merchantReference: order.merchant_reference,
      url: ipn?.url ?? '',
      method: ipn?.ipn_notification_type ?? 'GET',
      sentAt: new Date().toISOString(),
      reply: null,
      error: null,
    };
    notifications.push(notification);
    if (!ipn) {
      notification.error = 'No IPN is registered with this notification_id';
      return notification;
    }
    try {
      const target = new URL(ipn.url);
      let response: Response;
      if (ipn.ipn_notification_type === 'GET') {
        for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
        response = await fetch(target, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(IPN_TIMEOUT_MS) });
      } else {
        response = await fetch(target, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(IPN_TIMEOUT_MS),
        });
      }
      const text = await response.text();
      notification.reply = { status: response.status, body: parseJson(text) ?? text };
    } catch (error) {
      notification.error = error instanceof Error ? error.message : String(error);
    }
    return notification;
  }

  async function control(action: string, method: string, text: string, res: http.ServerResponse) {
    const input = text ? parseJson(text) : {};
    const body = isRecord(input) ? input : {};
    if (method === 'GET' && action === 'state') {
      const state: FakePesapalState = {
        tokensIssued,
        ipns,
        orders: [...orders.values()].map((order) => ({ ...order, payment_status_description: STATUS_DESCRIPTIONS[order.status_code] })),
        notifications,
        requests,
      };
      return sendJson(res, 200, state);
    }
    if (method !== 'POST') return sendJson(res, 405, { error: 'Use POST' });
    if (action === 'reset') {
      tokens = new Map();
      tokensIssued = 0;
      ipns = [];
      orders = new Map();
      notifications = [];
      failures = new Map();
      requests = [];
      return sendJson(res, 200, { ok: true });
    }
    if (action === 'expire-tokens') {
      for (const token of tokens.keys()) tokens.set(token, 0);
      return sendJson(res, 200, { ok: true, expired: tokens.size });
    }
    if (action === 'fail') {
      const mode = body.mode;
      if (typeof body.path !== 'string' || (mode !== 'error' && mode !== 'http500' && mode !== 'hang')) {
        return sendJson(res, 400, { error: "Send {path, mode: 'error' | 'http500' | 'hang', times?}" });
      }
      const times = typeof body.times === 'number' && body.times > 0 ? body.times : 1;
      failures.set(normalisePath(body.path), { times, mode, error: body.error });
      return sendJson(res, 200, { ok: true });
    }
    const order = typeof body.trackingId === 'string' ? orders.get(body.trackingId) : undefined;
    if (action === 'status' || action === 'notify') {
      if (!order) return sendJson(res, 404, { error: 'No order has this trackingId' });
      if (action === 'notify') return sendJson(res, 200, await notify(order));
      const statusCode = body.status_code;
      if (typeof statusCode !== 'number' || !(statusCode in STATUS_DESCRIPTIONS)) return sendJson(res, 400, { error: 'status_code must be 0, 1, 2 or 3' });
      settle(order, statusCode);
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: `No control ${action}` });
  }

  function takeFailure(path: string): Failure | undefined {
    const failure = failures.get(path);
    if (!failure) return undefined;
    failure.times -= 1;
    if (failure.times <= 0) failures.delete(path);
    return failure;
  }

  function callbackWithParams(order: Order): string {
    const target = new URL(order.callback_url);
    target.searchParams.set('OrderTrackingId', order.order_tracking_id);
    target.searchParams.set('OrderMerchantReference', order.merchant_reference);
    target.searchParams.set('OrderNotificationType', 'CALLBACKURL');
    return target.toString();
  }

  const listening = await listen(server, options.port);
  baseUrl = listening.baseUrl;
  return listening;
}

function describeIpn(ipn: Ipn) {
  return {
    url: ipn.url,
    created_date: ipn.created_date,
    ipn_id: ipn.ipn_id,
    notification_type: ipn.ipn_notification_type === 'GET' ? 0 : 1,
    ipn_notification_type_description: ipn.ipn_notification_type,
    ipn_status: 1,
    ipn_status_decription: 'Active',
    error: null,
    status: '200',
  };
}

function apiError(res: http.ServerResponse, code: string, message: string) {
  return sendJson(res, 200, { error: { error_type: 'api_error', code, message }, status: '500' });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function header(req: http.IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').split('?')[0]!;
}

function maskPhone(phone: unknown): string {
  const digits = typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  return digits.length >= 4 ? `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}` : '';
}
