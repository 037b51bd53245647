/**
 * Pesapal API 3.0 (JSON). A payment takes four calls: a bearer token from the store's consumer key and
 * secret, an IPN id for our notification URL (RegisterIPN, once), SubmitOrderRequest (which gives the page
 * the buyer pays on) and GetTransactionStatus (the only answer we trust about the result; the IPN and the
 * callback carry no status). https://developer.pesapal.com/how-to-integrate/e-commerce/api-30-json/api-reference
 *
 * Pesapal answers most failures with HTTP 200, a non-null `error` object and `status: "500"`, and it
 * sends `error: null` on success, so a call is judged by all three: HTTP status, `error` and `status`.
 */
import { PaymentGatewayError, type CheckedPayment, type PaymentGateway, type PaymentRequest, type PaymentStatus, type StartedPayment } from './gateway';

export const PESAPAL_SANDBOX_URL = 'https://cybqa.pesapal.com/pesapalv3';

/** Pesapal says a token lives at most 5 minutes; we renew 30 s early so no call carries a dying one. */
const TOKEN_LIFETIME_MS = 5 * 60_000;
const TOKEN_RENEW_MARGIN_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 15_000;
const DESCRIPTION_MAX = 100;

/**
 * GetTransactionStatus answers an order the buyer has not paid yet with status_code 0 (INVALID), this error
 * code and `status: "500"`. That is a pending payment, not a failed call.
 */
const PENDING_ERROR_CODE = 'payment_details_not_found';

type Env = Record<string, string | undefined>;
type Json = Record<string, unknown>;

/** Pesapal's documentation names the kind `type`; its own SDK and live answers use `error_type`. */
type PesapalError = { type?: unknown; error_type?: unknown; code?: unknown; message?: unknown };

type Call = {
  /** What the buyer was trying to do, for the message: "start the payment". */
  task: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Json;
  auth?: boolean;
  /** An answer that carries an error object but still means something (a pending payment). */
  tolerate?: (body: Json) => boolean;
};

export function createPesapalGateway(env: Env = process.env): PaymentGateway {
  const baseUrl = (env.PESAPAL_BASE_URL?.trim() || PESAPAL_SANDBOX_URL).replace(/\/+$/, '');
  const consumerKey = env.PESAPAL_CONSUMER_KEY?.trim() ?? '';
  const consumerSecret = env.PESAPAL_CONSUMER_SECRET?.trim() ?? '';
  const fixedIpnId = env.PESAPAL_IPN_ID?.trim() ?? '';
  const timeoutMs = positiveNumber(env.PESAPAL_TIMEOUT_MS) ?? DEFAULT_TIMEOUT_MS;

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  // Promises, not ids, so that concurrent first payments share one lookup and register the URL once.
  const ipnIds = new Map<string, Promise<string>>();

  const isConfigured = () => consumerKey !== '' && consumerSecret !== '';

  async function send(call: Call, bearer: string | null): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    try {
      const response = await fetch(`${baseUrl}/${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentGatewayError(timedOut ? 'Pesapal did not answer in time. Please try again.' : 'Pesapal is not reachable. Please try again.', {
        endpoint: call.path,
        cause: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function call(request: Call): Promise<unknown> {
    const auth = request.auth ?? true;
    for (let attempt = 1; ; attempt++) {
      const bearer = auth ? await currentToken(request.task) : null;
      const { status, text } = await send(request, bearer);
      // A token can die before its expiry (revoked, or Pesapal's clock differs from ours): renew it once.
      if (status === 401 && bearer && attempt === 1) {
        if (token?.value === bearer) token = null;
        continue;
      }
      const body = parseJson(text);
      const failure = (reason: string, extra: Json = {}) =>
        new PaymentGatewayError(`Pesapal could not ${request.task}: ${reason}`, {
          endpoint: request.path,
          httpStatus: status,
          ...extra,
        });
      if (status < 200 || status > 299) {
        throw failure(`Pesapal answered HTTP ${status}.`, { body: body ?? text.slice(0, 500) });
      }
      if (body === undefined) throw failure('Pesapal sent an answer the store could not read.', { body: text.slice(0, 500) });
      if (isRecord(body) && !request.tolerate?.(body)) {
        const error = body.error;
        const answered = body.status;
        if (isPresent(error)) {
          const described = describeError(error);
          throw failure(sentence(described.text), { error, errorType: described.type, errorCode: described.code, status: answered });
        }
        if (answered !== undefined && answered !== null && String(answered) !== '200') {
          throw failure(`Pesapal answered status ${String(answered)}.`, { status: answered, body });
        }
      }
      return body;
    }
  }

  function currentToken(task: string): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken(task).finally(() => (tokenRequest = null));
    return tokenRequest;
  }

  async function requestToken(task: string): Promise<string> {
    let body: unknown;
    try {
      body = await call({
        task,
        method: 'POST',
        path: 'api/Auth/RequestToken',
        body: { consumer_key: consumerKey, consumer_secret: consumerSecret },
        auth: false,
      });
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.details.error) {
        const { code } = describeError(error.details.error);
        throw new PaymentGatewayError(`Pesapal could not ${task}: Pesapal refused the store's API keys${code ? ` (${code})` : ''}.`, error.details);
      }
      throw error;
    }
    const value = isRecord(body) ? body.token : undefined;
    if (typeof value !== 'string' || value === '') {
      throw new PaymentGatewayError(`Pesapal could not ${task}: Pesapal sent no access token.`, { endpoint: 'api/Auth/RequestToken' });
    }
    const now = Date.now();
    const expiry = isRecord(body) && typeof body.expiryDate === 'string' ? Date.parse(body.expiryDate) : Number.NaN;
    // An expiry we cannot read, or one already past (a clock or time zone mismatch), counts as the full
    // 5 minutes: a token that is in fact dead is caught by the 401 retry.
    const expiresAt = Number.isFinite(expiry) && expiry > now ? Math.min(expiry, now + TOKEN_LIFETIME_MS) : now + TOKEN_LIFETIME_MS;
    token = { value, renewAt: expiresAt - TOKEN_RENEW_MARGIN_MS };
    return value;
  }

  function notificationId(url: string, task: string): Promise<string> {
    if (fixedIpnId) return Promise.resolve(fixedIpnId);
    let id = ipnIds.get(url);
    if (!id) {
      const lookup = findOrRegisterIpn(url, task);
      ipnIds.set(url, lookup);
      // A failed lookup is not cached: the next payment tries again.
      lookup.catch(() => ipnIds.get(url) === lookup && ipnIds.delete(url));
      id = lookup;
    }
    return id;
  }

  async function findOrRegisterIpn(url: string, task: string): Promise<string> {
    const list = await call({ task, method: 'GET', path: 'api/URLSetup/GetIpnList' });
    const known = Array.isArray(list) ? list.find((entry) => isRecord(entry) && entry.url === url && isUsableId(entry.ipn_id)) : undefined;
    if (isRecord(known) && typeof known.ipn_id === 'string') return known.ipn_id;

    const registered = await call({
      task,
      method: 'POST',
      path: 'api/URLSetup/RegisterIPN',
      body: { url, ipn_notification_type: 'GET' },
    });
    const id = isRecord(registered) ? registered.ipn_id : undefined;
    if (!isUsableId(id)) {
      throw new PaymentGatewayError(`Pesapal could not ${task}: Pesapal did not register the notification URL.`, {
        endpoint: 'api/URLSetup/RegisterIPN',
        body: registered,
      });
    }
    return id;
  }

  async function start(request: PaymentRequest): Promise<StartedPayment> {
    const task = 'start the payment';
    if (!isConfigured()) throw new PaymentGatewayError('Pesapal is not set up for this store.');
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
      throw new PaymentGatewayError(`Pesapal could not ${task}: Pesapal sent no payment page.`, {
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
    const task = 'check the payment';
    if (!isConfigured()) throw new PaymentGatewayError('Pesapal is not set up for this store.');
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

function describeError(error: unknown): { text: string; type?: string; code?: string } {
  if (!isRecord(error)) return { text: String(error) };
  const { type, error_type, code, message } = error as PesapalError;
  const kind = nonEmpty(error_type) ?? nonEmpty(type);
  const codeText = nonEmpty(code);
  return { text: nonEmpty(message) ?? codeText ?? kind ?? 'Pesapal reported an error', type: kind, code: codeText };
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

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Pesapal sends `error: null` on success; an empty object means no error as well. */
function isPresent(error: unknown): boolean {
  if (error === null || error === undefined || error === '') return false;
  return !(isRecord(error) && Object.values(error).every((value) => value === null || value === undefined || value === ''));
}

function isUsableId(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function positiveNumber(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : undefined;
}
