import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { Conflict, DomainError, Forbidden, Invalid, NotFound, TooLarge, TooManyAttempts, Unauthenticated, Unavailable } from '../errors';
import { fail } from './envelope';
import { replyingTo } from './reply-language';
import { log } from '../log';
import { config } from '../config';
import { zodRefusal } from '../input-refusals';
import { message, type Message } from '../../lib/messages/message';

/** How a refusal is answered over HTTP: its status, its message and any headers that go with it (Retry-After). */
export type HttpFailure = { status: number; message: Message; headers: Record<string, string> };

type HttpAnswer<E extends DomainError> = {
  kind: abstract new (...args: never[]) => E;
  status: number;
  headers?: (error: E) => Record<string, string>;
};

const answer = <E extends DomainError>(kind: HttpAnswer<E>['kind'], status: number, headers?: (error: E) => Record<string, string>) =>
  ({ kind, status, headers }) as HttpAnswer<DomainError>;

/** Each domain refusal's HTTP status: the one place the services' errors meet HTTP. */
const HTTP_ANSWERS: HttpAnswer<DomainError>[] = [
  answer(Invalid, 400),
  answer(Unauthenticated, 401),
  answer(Forbidden, 403),
  answer(NotFound, 404),
  answer(Conflict, 409),
  answer(TooLarge, 413),
  answer(TooManyAttempts, 429, (error): Record<string, string> =>
    error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) },
  ),
  answer(Unavailable, 503),
];

/**
 * The HTTP answer to an expected refusal: a domain error, or a zod error from validating input (a 400
 * naming the field). Null for anything else, which is a fault rather than a refusal.
 */
export function httpFailureOf(error: unknown): HttpFailure | null {
  if (error instanceof z.ZodError) return { status: 400, message: zodRefusal(error), headers: {} };
  if (!(error instanceof DomainError)) return null;
  const found = HTTP_ANSWERS.find(({ kind }) => error instanceof kind);
  if (!found) return null;
  return { status: found.status, message: error.said, headers: found.headers?.(error) ?? {} };
}

/** Builds the reply for a failure; endpoints whose replies have their own shape (reviews) pass theirs. */
export type FailureReply = (status: number, message: Message) => Response;

/**
 * API_REFUSALS_AS_200=1, for old clients that cannot read the body of a 4xx: a refusal other than 401 is
 * answered with HTTP 200, its envelope unchanged (`code: 0`, the message). A 401 keeps its status, which those
 * clients read to log the shopper out. Off by default: with it, only `code` tells a refusal from a success.
 */
export function compatibleStatus(reply: Response, refusalsAs200 = config.API_REFUSALS_AS_200): Response {
  if (!refusalsAs200 || reply.status < 400 || reply.status >= 500 || reply.status === 401) return reply;
  return new Response(reply.body, { status: 200, headers: reply.headers });
}

/**
 * Wraps an endpoint so that expected failures become envelopes with their status and anything
 * unexpected becomes a logged 500 with the spec's text — never an HTML error page. Every envelope it
 * answers, the handler's own and the failures, says its message in the language the request asks for.
 */
export function endpoint(handler: (context: APIContext) => Promise<Response>, failure: FailureReply = fail): APIRoute {
  return (context) =>
    replyingTo(context.request, async () => {
      try {
        return compatibleStatus(await handler(context));
      } catch (error) {
        const refusal = httpFailureOf(error);
        if (refusal) {
          const reply = failure(refusal.status, refusal.message);
          for (const [name, value] of Object.entries(refusal.headers)) reply.headers.set(name, value);
          return compatibleStatus(reply);
        }
        log.error({ err: error }, `[api] ${context.request.method} ${context.url.pathname} failed`);
        return failure(500, message('api', 'server'));
      }
    });
}
