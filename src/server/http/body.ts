/**
 * Reads a request body into a plain object, whatever the client sent: JSON, multipart form data
 * (the spec's client posts multipart) or urlencoded. Files in multipart bodies stay File objects.
 * Every read is held to the route's allowance (body-limits.ts), counted as the bytes arrive.
 *
 * The spec's client adds its user id to every post (`user`, `User-Id`, `user_id`): those fields are read
 * like any other and mean nothing about who is calling. Only the bearer token says that (auth.ts).
 */
import { declaresTooMuch, requestBodyAllowance } from './body-limits';
import { Invalid, TooLarge } from '../errors';
import { refuseControlCharacters } from '../input-fields';
import { message } from '../../lib/messages/message';

export type Body = Record<string, unknown>;

/**
 * The body as an object, refused naming the field when any text in it holds a control character
 * (refuseControlCharacters). `maxBytes` holds it to less than the route's allowance (reports the browser
 * sends unasked); a body with another type (sendBeacon's text/plain) is read as JSON.
 */
export async function readBody(request: Request, options: { maxBytes?: number } = {}): Promise<Body> {
  const body = await readAnyBody(request, options);
  refuseControlCharacters(body);
  return body;
}

async function readAnyBody(request: Request, options: { maxBytes?: number }): Promise<Body> {
  const maxBytes = Math.min(requestBodyAllowance(request).maxBytes, options.maxBytes ?? Number.POSITIVE_INFINITY);
  const type = request.headers.get('content-type') ?? '';
  if (/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) {
    const form = await readLimited(request, maxBytes, (body) => body.formData()).catch((error: unknown) => {
      throw error instanceof TooLarge ? error : new Invalid(message('request', 'formUnreadable'));
    });
    return formToObject(form);
  }
  return parseJsonObject(await readLimited(request, maxBytes, (body) => body.text()));
}

function parseJsonObject(text: string): Body {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Invalid(message('request', 'notJson'));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Invalid(message('request', 'notObject'));
  }
  return parsed as Body;
}

/**
 * A body read as text, whatever type it is labelled with, up to the cap its caller names. For reports
 * the browser sends unasked (errors, metrics): sendBeacon may say text/plain.
 */
export async function readSmallText(request: Request, maxBytes: number): Promise<string> {
  return readLimited(request, maxBytes, (body) => body.text());
}

/**
 * Reads the body through a counter that fails the read with 413 as soon as it passes `maxBytes` (a
 * chunked body has no length to check first). The bytes flow straight into `read`, so a multipart body
 * is not copied once more before it is parsed.
 */
async function readLimited<T>(request: Request, maxBytes: number, read: (body: Response) => Promise<T>): Promise<T> {
  const tooLarge = () => new TooLarge(message('request', 'tooLarge'));
  if (declaresTooMuch(request.headers.get('content-length'), maxBytes)) throw tooLarge();
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  const headers = { 'Content-Type': request.headers.get('content-type') ?? '' };
  try {
    return await read(new Response(request.body?.pipeThrough(counter) ?? null, { headers }));
  } catch (error) {
    if (size > maxBytes) throw tooLarge();
    throw error;
  }
}

/** Repeated fields (`colors=red&colors=blue`, `items[]`) become arrays; a lone field stays a value. */
export function formToObject(form: FormData): Body {
  const body: Body = {};
  for (const [rawKey, value] of form.entries()) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const existing = body[key];
    if (existing === undefined) body[key] = rawKey.endsWith('[]') ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else body[key] = [existing, value];
  }
  return body;
}
