/**
 * Bounds every request body at the Node server, before Astro turns the request into a Fetch `Request`
 * (whose `text()` and `formData()` would read any amount). The guard reads the body itself, counting
 * bytes as they arrive, so a chunked body or one without a Content-Length is held to the same allowance
 * as a declared one; past the allowance it answers 413 at once, keeps none of what follows and closes
 * the connection. A body within the allowance is handed to Astro as `req.body`, which its Node adapter uses
 * instead of reading the stream again (`makeRequestBody` in astro/dist/core/app/node.js, there for
 * servers whose middleware has already read the body).
 *
 * Reading here rather than in each endpoint means no route can forget: the Stripe webhook, the Pesapal
 * IPN and the pages' forms are bounded like the API. The allowance for each route is in body-limits.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Envelope } from './envelope';
import { ConcurrencyLimit, MAX_CONCURRENT_UPLOADS, UPLOADS_BUSY_RETRY_AFTER_SECONDS, UPLOAD_ARRIVAL_MS, bodyAllowance, declaresTooMuch } from './body-limits';
import { findSessionUser } from '../accounts/sessions';
import { sessionTokenFromCookie } from './session-cookie';
import { bearerToken } from './auth';
import { inLanguageOf } from './reply-language';
import { message, type Message } from '../../lib/messages/message';

const uploads = new ConcurrencyLimit(MAX_CONCURRENT_UPLOADS);

/** How long a refused client may go on sending (discarded) before its connection is cut. */
const LINGER_MS = 5_000;

/**
 * Takes in a request's body within its route's allowance, before the app sees the request: refuses a
 * declared length over the allowance with 413 and an upload when every upload place is taken with 503,
 * both before any of the body is read; then reads the body, answering 413 the moment it passes the
 * allowance, and leaves it on `req.body` for Astro. An upload keeps its place until its response ends.
 * `onAdmitted` runs once the body may come (to answer `Expect: 100-continue`). Returns false when it
 * has answered itself or the client went away mid-body.
 */
export async function receiveBody(req: IncomingMessage, res: ServerResponse, onAdmitted?: () => void): Promise<boolean> {
  // Built the way Astro builds the request's URL, so both see the same path.
  const pathname = URL.parse(`http://store.invalid${req.url ?? ''}`)?.pathname ?? '/';
  const allowance = bodyAllowance(req.method ?? 'GET', pathname, req.headers['content-type']);
  if (!allowance) {
    onAdmitted?.();
    return true;
  }
  if (declaresTooMuch(req.headers['content-length'], allowance.maxBytes)) {
    refuse(req, res, 413, message('request', 'tooLarge'));
    return false;
  }
  if (allowance.upload) {
    // Only someone logged in may hold one of the few upload places (every upload route needs a login).
    if (!(await hasSession(req))) {
      refuse(req, res, 401, message('api', 'unauthenticated'));
      return false;
    }
    const release = uploads.tryTake();
    if (!release) {
      refuse(req, res, 503, message('request', 'uploadsBusy'), { 'Retry-After': String(UPLOADS_BUSY_RETRY_AFTER_SECONDS) });
      return false;
    }
    res.once('close', release);
  }
  onAdmitted?.();

  const chunks: Buffer[] = [];
  let size = 0;
  let tooSlow = false;
  const deadline = allowance.upload
    ? setTimeout(() => {
        tooSlow = true;
        refuse(req, res, 408, message('request', 'uploadTooSlow'));
      }, UPLOAD_ARRIVAL_MS)
    : undefined;
  try {
    // destroyOnReturn: false keeps the connection open when we stop early, so the 413 can be sent on it.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (tooSlow) return false;
      size += chunk.byteLength;
      if (size > allowance.maxBytes) {
        refuse(req, res, 413, message('request', 'tooLarge'));
        return false;
      }
      chunks.push(chunk);
    }
  } catch {
    return false;
  } finally {
    clearTimeout(deadline);
  }
  if (tooSlow) return false;
  // Handed over as an async iterable of the chunks, not one Buffer: no copy of the whole body is made
  // here, and each chunk is let go once Astro has taken it. (Astro turns an object with own keys into
  // JSON before it looks for an iterable; a generator has no own keys.)
  Object.assign(req, { body: handOver(chunks) });
  return true;
}

/** Whether the request carries a login that is still valid: the API's bearer token or the dashboard's cookie. */
async function hasSession(req: IncomingMessage): Promise<boolean> {
  const headers = new Headers({ authorization: req.headers.authorization ?? '', cookie: req.headers.cookie ?? '' });
  const probe = { headers } as Request;
  const token = bearerToken(probe) ?? sessionTokenFromCookie(probe);
  return token !== null && (await findSessionUser(token)) !== null;
}

async function* handOver(chunks: Buffer[]): AsyncGenerator<Buffer> {
  for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) yield chunk;
}

/**
 * Answers in the store's envelope, in the language the request asks for, then closes the connection without
 * reading the rest of the body.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, said: Message, headers: Record<string, string> = {}) {
  const { message, headers: languageHeaders } = inLanguageOf(req, said);
  const body = JSON.stringify({ code: 0, message, data: null } satisfies Envelope<null>);
  res.writeHead(status, {
    ...headers,
    ...languageHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
  res.once('finish', () => closeWhenRead(req));
}

/**
 * Closing a socket that still has unread bytes sends a reset, which can reach a client that is still
 * sending before it has read our answer, so it reports a broken connection instead of the 413. So we
 * end our side, let the client see the answer while whatever it still sends is dropped unread, and cut
 * the connection after LINGER_MS (nginx's "lingering close" does the same). `Connection: close` is not
 * sent: Node would then destroy the socket the moment the answer is written.
 */
function closeWhenRead(req: IncomingMessage) {
  const socket = req.socket;
  socket.end();
  req.resume();
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}
