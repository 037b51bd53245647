import { afterEach, describe, expect, it, vi } from 'vitest';
import { $wishlist, addToWishlist, loadWishlist, removeFromWishlist, toggleWishlist } from '~/stores/wishlist';
import { emptyWishlist, loaded, type WishlistEntry } from '~/lib/wishlist-state';

const envelope = (data: unknown, code = 1, status = 200) =>
  new Response(JSON.stringify({ code, message: code === 1 ? 'Success' : 'Server error', data }), { status });
const sugar = { id: 12, name: 'Kakira Sugar 1kg', price_1: '6500', price_2: '7000', feature_photo: 'k.jpg' };
const saved: WishlistEntry = {
  id: 3,
  user_id: 7,
  product_id: 12,
  product_name: 'Kakira Sugar 1kg',
  product_price: '6500',
  product_sale_price: '7000',
  product_photo: 'k.jpg',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

/** The store's server: answers each path with the given reply (the manifest reload always succeeds). */
function serve(replies: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    calls.push(path);
    if (path === '/api/manifest') return envelope({ counts: {} });
    const reply = replies[path];
    if (!reply) throw new TypeError('offline');
    return reply();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  $wishlist.set(emptyWishlist);
});

describe('wishlist store', () => {
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
    expect(calls).toContain('/api/manifest');
  });

  it('undoes an add the server refuses, with the spec message', async () => {
    serve({ '/api/wishlist_add': () => envelope(null, 0, 500) });
    expect(await addToWishlist(sugar)).toBe('Failed to add to wishlist');
    expect($wishlist.get()).toEqual({ items: [], isLoading: false, error: 'Failed to add to wishlist' });
  });

  it('undoes a removal that does not reach the server, with the spec message', async () => {
    serve({});
    $wishlist.set(loaded([saved]));
    expect(await removeFromWishlist(12)).toBe('Failed to remove from wishlist');
    expect($wishlist.get()).toEqual({ items: [saved], isLoading: false, error: 'Failed to remove from wishlist' });
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
});
