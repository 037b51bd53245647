/**
 * What Africa's Talking posts to the USSD routes, read without ever refusing: its form fields (urlencoded; JSON is
 * read too) as texts, whatever else arrives. The routes exist only under the secret USSD_CALLBACK_TOKEN, compared in
 * constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import type { UssdCall } from './ussd';
import type { SessionEnd } from './ussd-sessions';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `token` (the route's) is the store's USSD_CALLBACK_TOKEN; always false when none is set. */
export function ussdTokenMatches(token: string | undefined, expected = config.USSD_CALLBACK_TOKEN): boolean {
  if (!expected || !token) return false;
  return timingSafeEqual(digest(token), digest(expected));
}

/** A form's fields as texts; an unreadable body is no fields. */
async function fieldsOf(request: Request): Promise<Record<string, string>> {
  const body = await request.text().catch(() => '');
  const type = request.headers.get('content-type') ?? '';
  if (/json/i.test(type)) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return Object.fromEntries(
          Object.entries(parsed).map(([name, value]) => [name, typeof value === 'string' || typeof value === 'number' ? String(value) : '']),
        );
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** The callback's fields (missing ones as ''). */
export async function readUssdCall(request: Request): Promise<UssdCall> {
  const fields = await fieldsOf(request);
  return {
    sessionId: fields.sessionId ?? '',
    serviceCode: fields.serviceCode ?? '',
    phoneNumber: fields.phoneNumber ?? '',
    networkCode: fields.networkCode ?? '',
    text: fields.text ?? '',
  };
}

/** The end-of-session notification's fields: the session, how it ended, how long it lasted (seconds) and its cost. */
export async function readUssdSessionEnd(request: Request): Promise<{ sessionId: string; end: SessionEnd }> {
  const fields = await fieldsOf(request);
  const seconds = Number(fields.durationInMillis ? Number(fields.durationInMillis) / 1000 : fields.duration);
  return {
    sessionId: (fields.sessionId ?? '').slice(0, 100),
    end: {
      status: (fields.status ?? '').slice(0, 40),
      durationSeconds: Number.isFinite(seconds) && seconds >= 0 && seconds < 86_400 ? Math.round(seconds) : null,
      cost: (fields.cost ?? '').slice(0, 40),
    },
  };
}
