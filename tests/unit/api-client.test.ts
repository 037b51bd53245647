import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiRequest, ApiError } from '~/browser/api';
import { PAGE_EVENTS } from '~/browser/page-events';
import { API_MESSAGES } from '~/lib/messages/api-messages';
import { outcomes as luganda } from '~/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '~/lib/i18n/sw/outcomes';

/** A browser's localStorage, document and window events, enough for the API client; the page is in `lang`. */
function fakeBrowser(lang = 'en-UG') {
  const stored = new Map<string, string>();
  const events: string[] = [];
  const attributes = new Map<string, string>([['data-auth', 'in']]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal('document', { documentElement: { lang, removeAttribute: (name: string) => void attributes.delete(name) } });
  vi.stubGlobal('window', { dispatchEvent: (event: Event) => events.push(event.type) });
  return { stored, events, attributes };
}

const reply = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: ApiError) => ({ message: error.message, status: error.status }),
  );

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('gives the data of a reply with code 1', async () => {
    reply(200, { code: 1, message: 'Success', data: [1, 2] });
    await expect(apiGet('/api/things', { page: 2 })).resolves.toEqual([1, 2]);
  });

  it("says 'You are not logged in.' for a 401 when no login is stored", async () => {
    reply(401, { code: 0, message: 'Unauthenticated', data: null });
    expect(await failureOf(apiGet('/api/orders'))).toEqual({ message: API_MESSAGES.notLoggedIn, status: 401 });
  });

  it("says 'Session expired. Please login again.' for a 401 to a stored login, and logs it out", async () => {
    browser.stored.set('token', 'a-long-enough-token');
    browser.stored.set('profile', JSON.stringify({ id: 7 }));
    reply(401, { code: 0, message: 'Token revoked', data: null });
    expect(await failureOf(apiGet('/api/orders'))).toEqual({ message: API_MESSAGES.sessionExpired, status: 401 });
    expect([...browser.stored.keys()]).toEqual([]);
    expect(browser.attributes.has('data-auth')).toBe(false);
    expect(browser.events).toEqual([PAGE_EVENTS.sessionExpired]);
  });

  it('leaves a login alone when nothing was stored, and on other failures', async () => {
    reply(401, { code: 0, message: 'Unauthenticated', data: null });
    await failureOf(apiGet('/api/orders'));
    expect(browser.events).toEqual([]);
    browser.stored.set('token', 'a-long-enough-token');
    browser.stored.set('profile', JSON.stringify({ id: 7 }));
    reply(403, { code: 0, message: 'Only an administrator can do this', data: null });
    await failureOf(apiGet('/api/errors'));
    expect(browser.stored.size).toBe(2);
    expect(browser.events).toEqual([]);
  });

  it("says 'Server error. Please try again later.' for 500 and above, whatever the body", async () => {
    for (const [status, body] of [
      [500, { code: 0, message: 'boom', data: null }],
      [502, '<html>Bad gateway</html>'],
      [503, ''],
    ] as const) {
      reply(status, body);
      expect(await failureOf(apiGet('/api/products')), String(status)).toEqual({ message: API_MESSAGES.server, status });
    }
  });

  it("says 'Network error. Please check your connection and try again.' when nothing answers", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failureOf(apiGet('/api/products'))).toEqual({ message: API_MESSAGES.network, status: 0 });
  });

  it("uses the server's message for an envelope failure, else the call's fallback, else the status", async () => {
    reply(404, { code: 0, message: 'Order not found', data: null });
    expect((await failureOf(apiGet('/api/orders/9'))).message).toBe('Order not found');
    reply(400, { code: 0, message: '', data: null });
    expect((await failureOf(apiRequest('/api/orders', {}, { failure: 'Failed to create order' }))).message).toBe('Failed to create order');
    reply(200, 'not json');
    expect((await failureOf(apiGet('/api/orders'))).message).toBe('Failed because the server answered 200');
  });

  it("tells a 401 apart by the stored login, not by the server's words, which come in the page's language", async () => {
    reply(401, { code: 0, message: luganda.api.unauthenticated, data: null });
    expect(await failureOf(apiGet('/api/orders'))).toEqual({ message: API_MESSAGES.notLoggedIn, status: 401 });
    browser.stored.set('token', 'a-long-enough-token');
    browser.stored.set('profile', JSON.stringify({ id: 7 }));
    reply(401, { code: 0, message: swahili.api.unauthenticated, data: null });
    expect(await failureOf(apiGet('/api/orders'))).toEqual({ message: API_MESSAGES.sessionExpired, status: 401 });
    expect(browser.events).toEqual([PAGE_EVENTS.sessionExpired]);
  });

  it("asks for the page's language and says its own failures in it", async () => {
    vi.unstubAllGlobals();
    browser = fakeBrowser('lg-UG');
    const asked: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      asked.push(new Headers(init.headers).get('Accept-Language'));
      return new Response(JSON.stringify({ code: 0, message: luganda.api.unauthenticated, data: null }), { status: 401 });
    });
    expect(await failureOf(apiGet('/api/orders'))).toEqual({ message: luganda.api.notLoggedIn, status: 401 });
    expect(asked).toEqual(['lg-UG']);
    reply(502, '<html>Bad gateway</html>');
    expect((await failureOf(apiGet('/api/products'))).message).toBe(luganda.api.server);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failureOf(apiGet('/api/products'))).message).toBe(luganda.api.network);
  });

  it('passes an abort through untouched', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiGet('/api/products')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
