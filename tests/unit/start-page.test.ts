import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPage } from '~/scripts/start-page';
import { ERROR_SCREEN_MESSAGES } from '~/lib/messages/error-screen-messages';

/** A page with or without its root element; returns the bodies posted to the store. */
function fakePage(hasRoot: boolean) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('document', {
    getElementById: (id: string) => (hasRoot && id === 'main' ? {} : null),
    documentElement: { lang: 'en-UG', dataset: {}, hasAttribute: () => false },
    querySelector: () => null,
  });
  vi.stubGlobal('window', { requestIdleCallback: () => 0, setTimeout });
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 10; itel A56)' });
  vi.stubGlobal('location', { href: 'http://127.0.0.1/cart' });
  vi.stubGlobal('localStorage', { getItem: () => null });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ code: 1, message: 'Error reported', data: null }), { status: 201 });
  });
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('page start-up', () => {
  it("reports 'Failed to find the root element' when the page has no root element", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const posted = fakePage(false);
    startPage();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      url: '/api/errors',
      body: { message: ERROR_SCREEN_MESSAGES.rootMissing, url: 'http://127.0.0.1/cart', agent: expect.stringContaining('itel'), user_id: null },
    });
    expect(posted[0]!.body.id).toMatch(/^ERR-[0-9A-Z]{8}$/);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: ERROR_SCREEN_MESSAGES.rootMissing }));
  });

  it('says nothing when the root element is there', async () => {
    const posted = fakePage(true);
    startPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted).toEqual([]);
  });
});
