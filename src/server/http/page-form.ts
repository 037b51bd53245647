/**
 * Form posts to the server-rendered vendor pages: the same services as the API, answered with a redirect
 * on success (so a reload does not post again) or the page again with the problem and what was typed.
 */
import { readBody, type Body } from './body';
import { httpFailureOf } from './errors';
import { sayMessage } from '../../lib/messages/say-message';
import { assertSameOrigin } from './session-cookie';
import { MAX_PAGE } from '../catalog/product-query';

export type FormResult = { ok: true } | { ok: false; problem: string; status: number; body: Body };

export async function submitForm(request: Request, act: (body: Body) => Promise<unknown>): Promise<FormResult> {
  let body: Body = {};
  try {
    assertSameOrigin(request);
    body = await readBody(request);
    await act(body);
    return { ok: true };
  } catch (error) {
    const refusal = httpFailureOf(error);
    if (refusal) return { ok: false, problem: sayMessage(refusal.message, 'en'), status: refusal.status, body };
    throw error;
  }
}

/** What a person typed, to fill the form again after a problem (files cannot be sent back). */
export function typedValues(body: Body): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string') as [string, string][]);
}

/** Where a guest goes to log in before coming back to this page. */
export function loginFirst(url: URL): string {
  return `/auth/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The list page a dashboard link asks for; anything unreadable is the first page. */
export function pageFrom(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) ? Math.max(1, Math.min(MAX_PAGE, page)) : 1;
}
