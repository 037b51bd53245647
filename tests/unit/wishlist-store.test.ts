import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { WishlistEntry } from '~/lib/wishlist-state';

useTestStorageEngine();

const { $guestWishlist, $wishlist, addToWishlist, forgetWishlistOnThisPhone, loadWishlist, mergeGuestWishlist, removeFromWishlist, toggleWishlist } =
  await import('~/stores/wishlist');

const envelope = (data: unknown, code = 1, status = 200, message = code === 1 ? 'Success' : 'Server error') =>
  new Response(JSON.stringify({ code, message, data }), { status });
const sugar = { id: 12, name: 'Kakira Sugar 1kg', price_1: '6500', price_2: '7000', feature_photo: 'k.jpg' };
const entry = (product_id: number, name = `Product ${product_id}`): WishlistEntry => ({
  id: product_id * 10,
  user_id: 7,
  product_id,
  product_name: name,
  product_price: '6500',
  product_sale_price: '7000',
  product_photo: 'k.jpg',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});
const saved = entry(12, 'Kakira Sugar 1kg');

/** The store's server: answers each path with the given reply (the manifest reload always succeeds); records the calls and their bodies. */
function serve(replies: Record<string, (body: Record<string, unknown>) => Response | Promise<Response>>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    if (path === '/api/manifest') return envelope({ counts: {} });
    const reply = replies[path];
    if (!reply) throw new TypeError('offline');
    return reply(body);
  });
  return calls;
}

/** localStorage as the API client reads it: a stored login makes the shopper an account holder. */
function storedLogin(loggedIn: boolean) {
  const items = new Map<string, string>(
    loggedIn
      ? [
          ['token', 'a-long-enough-token'],
          ['profile', JSON.stringify({ id: 7 })],
        ]
      : [],
  );
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
}

beforeEach(() => storedLogin(true));

afterEach(() => {
  forgetWishlistOnThisPhone();
  vi.unstubAllGlobals();
  cleanTestStorage();
});

describe('wishlist store, logged in', () => {
  it('shows an added product at once, keeps it when the server agrees and reloads the manifest', async () => {
    const calls = serve({ '/api/wishlist_add': () => envelope(saved) });
    const adding = addToWishlist(sugar);
    await Promise.resolve();
    expect($wishlist.get()).toMatchObject({
      isLoading: true,
      error: null,
      items: [{ product_id: 12, product_name: 'Kakira Sugar 1kg', product_price: '6500', product_sale_price: '7000' }],
    });
    expect(await adding).toBeNull();
    expect($wishlist.get()).toMatchObject({ isLoading: false, error: null, items: [{ product_id: 12 }] });
    expect(calls.map((call) => call.path)).toContain('/api/manifest');
  });

  it('undoes an add the server refuses, with the spec message', async () => {
    serve({ '/api/wishlist_add': () => envelope(null, 0, 500) });
    expect(await addToWishlist(sugar)).toBe('Failed to add to wishlist');
    expect($wishlist.get()).toEqual({ items: [], isLoading: false, error: 'Failed to add to wishlist' });
  });

  it('undoes a removal that gets no answer when the phone cannot keep it for later (no IndexedDB), with the spec message', async () => {
    serve({ '/api/wishlist_get': () => envelope([saved]) });
    await loadWishlist();
    expect(await removeFromWishlist(12)).toBe('Failed to remove from wishlist');
    expect($wishlist.get()).toEqual({ items: [saved], isLoading: false, error: 'Failed to remove from wishlist' });
  });

  it("says a refused add and a failed load in the page's language", async () => {
    const { provideIslandTexts } = await import('~/lib/i18n/current');
    const { readRequestLanguageWith } = await import('~/lib/i18n/page-language');
    const { islands: swahili } = await import('~/lib/i18n/sw/islands');
    provideIslandTexts('sw', swahili);
    readRequestLanguageWith(() => 'sw');
    try {
      serve({ '/api/wishlist_add': () => envelope(null, 0, 500), '/api/wishlist_get': () => envelope(null, 0, 500) });
      expect(await addToWishlist(sugar)).toBe('Imeshindikana kuweka kwenye vipendwa');
      await loadWishlist();
      expect($wishlist.get()).toMatchObject({ isLoading: false, error: 'Imeshindikana kupakia vipendwa' });
    } finally {
      readRequestLanguageWith(() => undefined);
    }
  });

  it('a failed load keeps the spec message', async () => {
    serve({ '/api/wishlist_get': () => envelope(null, 0, 500) });
    await loadWishlist();
    expect($wishlist.get()).toMatchObject({ isLoading: false, error: 'Failed to load wishlist' });
  });

  it('a toggle waits for a load under way, so the older list cannot undo it', async () => {
    let answerLoad!: (reply: Response) => void;
    serve({ '/api/wishlist_get': () => new Promise<Response>((resolve) => (answerLoad = resolve)), '/api/wishlist_add': () => envelope(saved) });
    const loading = loadWishlist();
    const toggling = toggleWishlist(sugar);
    answerLoad(envelope([]));
    await loading;
    expect(await toggling).toBeNull();
    expect($wishlist.get().items.map((item) => item.product_id)).toEqual([12]);
  });

  it('shows the latest load’s list when an older load answers after it', async () => {
    const answers: ((reply: Response) => void)[] = [];
    serve({ '/api/wishlist_get': () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const older = loadWishlist();
    const newer = loadWishlist();
    answers[1]!(envelope([saved]));
    await newer;
    answers[0]!(envelope([]));
    await older;
    expect($wishlist.get().items.map((item) => item.product_id)).toEqual([12]);
  });
});

describe('wishlist store, guest', () => {
  beforeEach(() => storedLogin(false));

  it('keeps a guest’s hearts on the phone, without asking the server', async () => {
    const calls = serve({});
    expect(await addToWishlist(sugar)).toBeNull();
    expect(await toggleWishlist({ ...sugar, id: 13, name: 'Mukwano Soap' })).toBeNull();
    expect($wishlist.get()).toMatchObject({ isLoading: false, error: null, items: [{ product_id: 12 }, { product_id: 13, product_name: 'Mukwano Soap' }] });
    expect(JSON.parse(getTestStorage().guest_wishlist!).map((item: WishlistEntry) => item.product_id)).toEqual([12, 13]);

    expect(await toggleWishlist(sugar)).toBeNull();
    expect($wishlist.get().items.map((item) => item.product_id)).toEqual([13]);
    expect(calls).toEqual([]);
  });

  it('reads the hearts another tab saved', async () => {
    setTestStorageKey('guest_wishlist', JSON.stringify([entry(5), entry(6)]));
    await loadWishlist();
    expect($wishlist.get().items.map((item) => item.product_id)).toEqual([5, 6]);
  });
});

describe('merging a guest’s hearts at login', () => {
  it('adds each product once, skips those already saved, drops a product that is gone, and empties the phone’s list', async () => {
    $guestWishlist.set([entry(12), entry(13), entry(99), entry(14)]);
    const calls = serve({
      '/api/wishlist_get': () => envelope([saved]),
      '/api/wishlist_add': (body) => (body.product_id === 99 ? envelope(null, 0, 404, 'Product not found') : envelope(entry(Number(body.product_id)))),
    });
    await mergeGuestWishlist();
    expect(calls.filter((call) => call.path === '/api/wishlist_add').map((call) => call.body.product_id)).toEqual([13, 99, 14]);
    expect($guestWishlist.get()).toEqual([]);
  });

  it('sends every heart when the account’s list cannot be read (the server keeps one of each)', async () => {
    $guestWishlist.set([entry(12), entry(13)]);
    const calls = serve({ '/api/wishlist_get': () => envelope(null, 0, 500), '/api/wishlist_add': () => envelope(saved) });
    await mergeGuestWishlist();
    expect(calls.filter((call) => call.path === '/api/wishlist_add').map((call) => call.body.product_id)).toEqual([12, 13]);
    expect($guestWishlist.get()).toEqual([]);
  });

  it('keeps a heart on the phone when it can neither be sent nor kept for later, so the next page tries again', async () => {
    $guestWishlist.set([entry(12), entry(13)]);
    serve({
      '/api/wishlist_get': () => envelope([]),
      '/api/wishlist_add': (body) => (body.product_id === 13 ? Promise.reject(new TypeError('offline')) : envelope(saved)),
    });
    await mergeGuestWishlist();
    expect($guestWishlist.get().map((item) => item.product_id)).toEqual([13]);
  });

  it('does nothing for a guest', async () => {
    storedLogin(false);
    $guestWishlist.set([entry(12)]);
    const calls = serve({});
    await mergeGuestWishlist();
    expect(calls).toEqual([]);
    expect($guestWishlist.get().map((item) => item.product_id)).toEqual([12]);
  });
});

describe('logging out', () => {
  it('leaves no guest hearts on the phone', () => {
    $guestWishlist.set([entry(12)]);
    forgetWishlistOnThisPhone();
    expect($guestWishlist.get()).toEqual([]);
  });
});
