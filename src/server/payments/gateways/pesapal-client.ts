/**
 * Pesapal API 3.0 calls and their bookkeeping: the bearer token (bearer-token.ts: shared by concurrent calls,
 * renewed before it dies and once more on a 401) and the IPN id of each notification URL (looked up or
 * registered once).
 *
 * Pesapal answers most failures with HTTP 200, a non-null `error` object and `status: "500"`, and it
 * sends `error: null` on success, so a call is judged by all three: HTTP status, `error` and `status`.
 */
import { createBearerTokens, type IssuedToken } from './bearer-token';
import { PaymentGatewayError } from '../gateway';
import { message, type Message } from '../../../lib/messages/message';

/** Pesapal says a token lives at most 5 minutes. */
const TOKEN_LIFETIME_MS = 5 * 60_000;
const PESAPAL = 'Pesapal';

export type Json = Record<string, unknown>;

/** Pesapal's documentation names the kind `type`; its own SDK and live answers use `error_type`. */
type PesapalError = { type?: unknown; error_type?: unknown; code?: unknown; message?: unknown };

export type PesapalCall = {
  /** What the buyer was trying to do, for the message: "start the payment". */
  task: Message;
  method: 'GET' | 'POST';
  path: string;
  body?: Json;
  auth?: boolean;
  /** An answer that carries an error object but still means something (a pending payment). */
  tolerate?: (body: Json) => boolean;
};

export type PesapalClientOptions = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** An IPN id registered by hand (PESAPAL_IPN_ID); when set, no lookup or registration is made. */
  fixedIpnId: string;
  timeoutMs: number;
};

export type PesapalClient = {
  /** One API call with the current token; the parsed answer, or a PaymentGatewayError saying what failed. */
  call(request: PesapalCall): Promise<unknown>;
  /** The IPN id Pesapal knows `url` by, registering the URL the first time. */
  notificationId(url: string, task: Message): Promise<string>;
};

export function createPesapalClient(options: PesapalClientOptions): PesapalClient {
  const { baseUrl, consumerKey, consumerSecret, fixedIpnId, timeoutMs } = options;
  const tokens = createBearerTokens(requestToken);
  // Promises, not ids, so that concurrent first payments share one lookup and register the URL once.
  const ipnIds = new Map<string, Promise<string>>();

  async function send(request: PesapalCall, bearer: string | null): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    try {
      const response = await fetch(`${baseUrl}/${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentGatewayError(timedOut ? message('payment', 'gatewayTooSlow', PESAPAL) : message('payment', 'gatewayUnreachable', PESAPAL), {
        endpoint: request.path,
        cause: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function call(request: PesapalCall): Promise<unknown> {
    const { status, text } = (request.auth ?? true) ? await tokens.use(request.task, (bearer) => send(request, bearer)) : await send(request, null);
    return judge(request, status, text);
  }

  async function requestToken(task: Message): Promise<IssuedToken> {
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
        throw new PaymentGatewayError(couldNot(task, message('payment', 'keysRefused', PESAPAL, code ?? '')), error.details);
      }
      throw error;
    }
    const value = isRecord(body) ? body.token : undefined;
    if (typeof value !== 'string' || value === '') {
      throw new PaymentGatewayError(couldNot(task, message('payment', 'noAccessToken', PESAPAL)), { endpoint: 'api/Auth/RequestToken' });
    }
    const now = Date.now();
    const expiry = isRecord(body) && typeof body.expiryDate === 'string' ? Date.parse(body.expiryDate) : Number.NaN;
    // An expiry we cannot read, or one already past (a clock or time zone mismatch), counts as the full
    // 5 minutes: a token that is in fact dead is caught by the 401 retry.
    const expiresAt = Number.isFinite(expiry) && expiry > now ? Math.min(expiry, now + TOKEN_LIFETIME_MS) : now + TOKEN_LIFETIME_MS;
    return { value, expiresAt };
  }

  function notificationId(url: string, task: Message): Promise<string> {
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

  async function findOrRegisterIpn(url: string, task: Message): Promise<string> {
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
      throw new PaymentGatewayError(couldNot(task, message('payment', 'notificationUrlNotRegistered', PESAPAL)), {
        endpoint: 'api/URLSetup/RegisterIPN',
        body: registered,
      });
    }
    return id;
  }

  return { call, notificationId };
}

/** Reads one answer: a failed HTTP status, an unreadable body, an `error` object or a `status` other than 200 all throw. */
function judge(request: PesapalCall, status: number, text: string): unknown {
  const body = parseJson(text);
  const failure = (reason: Message | string, extra: Json = {}) =>
    new PaymentGatewayError(couldNot(request.task, reason), {
      endpoint: request.path,
      httpStatus: status,
      ...extra,
    });
  if (status < 200 || status > 299) {
    throw failure(message('payment', 'answeredHttp', PESAPAL, status), { body: body ?? text.slice(0, 500) });
  }
  if (body === undefined) throw failure(message('payment', 'unreadableAnswer', PESAPAL), { body: text.slice(0, 500) });
  if (isRecord(body) && !request.tolerate?.(body)) {
    const error = body.error;
    const answered = body.status;
    if (isPresent(error)) {
      const described = describeError(error);
      throw failure(described.text === undefined ? message('payment', 'reportedError', PESAPAL) : sentence(described.text), {
        error,
        errorType: described.type,
        errorCode: described.code,
        status: answered,
      });
    }
    if (answered !== undefined && answered !== null && String(answered) !== '200') {
      throw failure(message('payment', 'answeredStatus', PESAPAL, String(answered)), { status: answered, body });
    }
  }
  return body;
}

/** Pesapal's error in its own words (its message, else its code or kind), when it gave any. */
function describeError(error: unknown): { text?: string; type?: string; code?: string } {
  if (!isRecord(error)) return { text: String(error) };
  const { type, error_type, code, message: said } = error as PesapalError;
  const kind = nonEmpty(error_type) ?? nonEmpty(type);
  const codeText = nonEmpty(code);
  return { text: nonEmpty(said) ?? codeText ?? kind, type: kind, code: codeText };
}

/** What Pesapal could not do for the buyer, and why: the store's words, or Pesapal's own as it wrote them. */
function couldNot(task: Message, reason: Message | string): Message {
  return message('payment', 'gatewayCouldNot', PESAPAL, task, reason);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Json {
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
