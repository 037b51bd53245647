/**
 * Every API reply is the envelope {code, message, data}: code 1 for success, 0 otherwise,
 * with an HTTP status that fits. The message is said in the language the request asks for
 * (./reply-language.ts): routes and services give it as a message (src/lib/messages/message.ts).
 */
import { inReplyLanguage } from './reply-language';
import { message, type Message } from '../../lib/messages/message';

export type Envelope<T> = { code: 0 | 1; message: string; data: T };

type ReplyInit = { status?: number; headers?: HeadersInit };

export function json(body: unknown, init: ReplyInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** An envelope with its message in the reply's language, which `Content-Language` names. */
function envelope(body: Omit<Envelope<unknown>, 'message'> & { message: Message; success?: boolean }, init: ReplyInit): Response {
  const { message, headers: languageHeaders } = inReplyLanguage(body.message);
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(languageHeaders)) headers.set(name, value);
  return json({ ...body, message }, { ...init, headers });
}

export function ok<T>(data: T, said: Message = message('api', 'success'), init: ReplyInit = {}): Response {
  return envelope({ code: 1, message: said, data }, init);
}

export function fail(status: number, message: Message, data: unknown = null, init: ReplyInit = {}): Response {
  return envelope({ code: 0, message, data }, { ...init, status });
}

/** Review replies also carry `success`, which the spec's client reads instead of code. */
export function reviewOk<T>(data: T, message: Message, init: ReplyInit = {}): Response {
  return envelope({ code: 1, success: true, message, data }, init);
}

/**
 * How a review call fails: `success: false`, the call's own text before the reason ("Failed to submit
 * review: …") and, for reads, the spec's empty result as data. A missing login keeps the bare
 * 'Unauthenticated' the client recognises.
 */
export function reviewFailure(failedTo: Message | null, emptyData: unknown = null) {
  return (status: number, reason: Message): Response => {
    const said = !failedTo || status === 401 ? reason : status >= 500 ? failedTo : message('api', 'because', failedTo, reason);
    return envelope({ code: 0, success: false, message: said, data: emptyData }, { status });
  };
}
