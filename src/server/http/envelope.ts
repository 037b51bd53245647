/**
 * Every API reply is the envelope {code, message, data}: code 1 for success, 0 otherwise,
 * with an HTTP status that fits.
 */
import { messages } from '../../lib/messages';

export type Envelope<T> = { code: 0 | 1; message: string; data: T };

type ReplyInit = { status?: number; headers?: HeadersInit };

export function json(body: unknown, init: ReplyInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function ok<T>(data: T, message: string = messages.success, init: ReplyInit = {}): Response {
  return json({ code: 1, message, data } satisfies Envelope<T>, init);
}

export function fail(status: number, message: string, data: unknown = null, init: ReplyInit = {}): Response {
  return json({ code: 0, message, data } satisfies Envelope<unknown>, { ...init, status });
}
