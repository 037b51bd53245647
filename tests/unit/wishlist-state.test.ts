import { describe, expect, it } from 'vitest';
import {
  added,
  addedLocally,
  emptyWishlist,
  failed,
  fromManifestEntry,
  guestHeartsToMerge,
  loaded,
  parseGuestWishlist,
  removed,
  started,
  syncFromManifest,
  type WishlistEntry,
} from '~/lib/wishlist-state';
import { heartTitle } from '~/lib/wishlist-hearts';
import { islands as english } from '~/lib/i18n/en/islands';
import { islands as luganda } from '~/lib/i18n/lg/islands';

const now = new Date('2026-11-21T10:00:00Z');
const entry = (product_id: number): WishlistEntry => ({
  id: product_id * 10,
  user_id: 7,
  product_id,
  product_name: `Product ${product_id}`,
  product_price: '10000',
  product_sale_price: '',
  product_photo: 'p.jpg',
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
});

describe('wishlist state', () => {
  it('loading, adding and removing start by setting isLoading and clearing the error', () => {
    expect(started({ items: [entry(1)], isLoading: false, error: 'old' })).toEqual({ items: [entry(1)], isLoading: true, error: null });
  });

  it('success clears isLoading; failure keeps the error and clears isLoading', () => {
    expect(loaded([entry(1), entry(2)])).toEqual({ items: [entry(1), entry(2)], isLoading: false, error: null });
    expect(failed(started(emptyWishlist), 'Failed to add to wishlist')).toEqual({ items: [], isLoading: false, error: 'Failed to add to wishlist' });
  });

  it('a removal drops the item by product_id; an add leaves the items alone', () => {
    const state = loaded([entry(1), entry(2)]);
    expect(removed(started(state), 1).items.map((item) => item.product_id)).toEqual([2]);
    expect(added(started(state))).toEqual({ ...state, isLoading: false });
  });

  it('ignores a local duplicate product_id', () => {
    const state = addedLocally(emptyWishlist, entry(3));
    expect(addedLocally(state, { ...entry(3), id: 99 })).toBe(state);
    expect(addedLocally(state, entry(4)).items).toHaveLength(2);
  });

  it('fills from the manifest only when empty, with the spec fallbacks', () => {
    const fromManifest = [{ product_id: 5, name: 'Kakira Sugar 1kg', price_1: 6500, price_2: 7000, image: 'k.jpg' }];
    expect(syncFromManifest(emptyWishlist, fromManifest, now).items).toEqual([
      {
        id: 5,
        user_id: 0,
        product_id: 5,
        product_name: 'Kakira Sugar 1kg',
        product_price: '6500',
        product_sale_price: '7000',
        product_photo: 'k.jpg',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
    ]);
    const full = loaded([entry(1)]);
    expect(syncFromManifest(full, fromManifest, now)).toBe(full);
    expect(fromManifestEntry({ product_id: 6, price_2: null }, now)).toMatchObject({ product_sale_price: '', product_name: '', product_photo: '' });
  });
});

describe('a guest’s hearts', () => {
  it('are read from the phone as stored; anything unreadable counts as none, and each product once', () => {
    expect(parseGuestWishlist(JSON.stringify([entry(1), entry(2), { ...entry(1), id: 5 }]))).toEqual([entry(1), entry(2)]);
    expect(parseGuestWishlist(null)).toEqual([]);
    expect(parseGuestWishlist('{not json')).toEqual([]);
    expect(parseGuestWishlist('{"items": []}')).toEqual([]);
    expect(parseGuestWishlist(JSON.stringify([{ product_id: '3', product_name: 'x' }, null, 7, entry(4)]))).toEqual([entry(4)]);
  });

  it('merge into an account’s list once each, in the order saved, skipping products the account already holds', () => {
    const guest = [entry(3), entry(1), entry(4), entry(3), entry(2)];
    expect(guestHeartsToMerge(guest, [1, 2]).map((item) => item.product_id)).toEqual([3, 4]);
    expect(guestHeartsToMerge(guest, new Set<number>()).map((item) => item.product_id)).toEqual([3, 1, 4, 2]);
    expect(guestHeartsToMerge([], [1])).toEqual([]);
  });

  it('say on the heart what a tap does, and when a change waits for a connection', () => {
    expect(heartTitle(false, false, english.browse.heart)).toBe('Save to wishlist');
    expect(heartTitle(true, false, english.browse.heart)).toBe('Remove from wishlist');
    expect(heartTitle(true, true, english.browse.heart)).toMatch(/^Remove from wishlist \(waiting to send/);
    expect(heartTitle(true, true, luganda.browse.heart)).toMatch(/^Kiggye mu bye njagala \(kirindiridde/);
  });
});
