/**
 * Reads a request body into a plain object, whatever the client sent: JSON, multipart form data
 * (the spec's client posts multipart) or urlencoded. Files in multipart bodies stay File objects.
 */
import { HttpError } from './errors';

export type Body = Record<string, unknown>;

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readBody(request: Request): Promise<Body> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');

  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, 'The form data could not be read');
    }
    return formToObject(form);
  }

  return parseJsonObject(await request.text());
}

function parseJsonObject(text: string): Body {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return parsed as Body;
}

/**
 * A small body read with a hard cap, counted as it arrives (a chunked body has no length to check
 * first). For reports the browser sends unasked (errors, metrics), whatever type it labels them with:
 * sendBeacon may say text/plain.
 */
export async function readSmallText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new HttpError(413, 'Request body is too large');
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readSmallJson(request: Request, maxBytes: number): Promise<Body> {
  return parseJsonObject(await readSmallText(request, maxBytes));
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
