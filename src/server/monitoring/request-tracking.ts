/**
 * Every request the HTTP server takes: an id (the caller's `X-Request-Id` when well formed, else a new one) sent
 * back in `X-Request-Id` and carried by every log line written while it is answered, its time and status in the
 * HTTP metrics under the route pattern that answered it, and one access log line when it ends.
 *
 * The access line of a built file or a cached page, answered from memory in about 100 µs of CPU, is written at
 * debug: at info it cost those requests about a third more CPU (npm run bench:pages). They are still counted in
 * the metrics; LOG_LEVEL=debug logs them too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../log';
import { httpRequests } from './prometheus';
import { requestIdFrom, runInRequest, startAfterReply, type RequestContext } from './request-context';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Answered by nobody that named a route: refused before routing (a body too large, a preflight) or cut off. */
const UNNAMED_ROUTE = '(unrouted)';
const MAX_LOGGED_PATH = 200;

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** Runs `answer` as the request's handler, inside its context; counts and logs the request once it has ended. */
export function trackRequest(request: IncomingMessage, response: ServerResponse, answer: () => void): void {
  const started = performance.now();
  const context: RequestContext = { id: requestIdFrom(request.headers['x-request-id']) };
  response.setHeader('X-Request-Id', context.id);
  response.once('close', () => {
    startAfterReply(context);
    const seconds = (performance.now() - started) / 1000;
    const method = KNOWN_METHODS.has(request.method ?? '') ? request.method! : 'other';
    const route = context.route ?? UNNAMED_ROUTE;
    // A reply cut off before it was complete (the client went away) counts as what it was going to be.
    const status = response.statusCode;
    httpRequests.observe({ route, method, status: statusClass(status) }, seconds);
    // The path without its query: a query can carry a code or a token that has no place in a log.
    const path = (request.url ?? '').split('?', 1)[0]!.slice(0, MAX_LOGGED_PATH);
    const ms = Math.round(seconds * 10_000) / 10;
    const line = { requestId: context.id, method, route, path, status, ms, complete: response.writableFinished };
    if (context.fromMemory) log.debug(line, 'request');
    else log.info(line, 'request');
  });
  runInRequest(context, answer);
}
