/**
 * The cart (spec sections 3, 4 and 8): kept in localStorage under the spec's key and shared by every island
 * on every page and in every tab (a change in one tab reaches the others through storage events). It is
 * never sent to the server until an order is placed. The rules live in lib/cart.ts.
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '~/lib/storage-keys';
import { addToCart, cartTotals, parseStoredCart, removeLine, repriceLines, setQuantity, type AddRequest, type CartItem } from '~/lib/cart';
import { announce, PAGE_EVENTS } from '~/browser/page-events';

export const $cartItems = persistentAtom<CartItem[]>(STORAGE_KEYS.cart, [], { encode: JSON.stringify, decode: parseStoredCart });
export const $cartTotals = computed($cartItems, cartTotals);

/** Each action answers the problem to show, or null when it was done. */
export function addItem(request: AddRequest): string | null {
  const { items, error } = addToCart($cartItems.get(), request);
  if (!error) $cartItems.set(items);
  return error;
}

export function updateQuantity(lineId: string, quantity: number, maxQuantity?: number): string | null {
  const { items, error } = setQuantity($cartItems.get(), lineId, quantity, maxQuantity);
  if (!error) $cartItems.set(items);
  return error;
}

export function removeItem(lineId: string): void {
  $cartItems.set(removeLine($cartItems.get(), lineId));
}

export function clearCart(): void {
  $cartItems.set([]);
}

/** Lines take their products' current prices (the cart page checks them against the server). */
export function applyCurrentPrices(prices: ReadonlyMap<number, string>): void {
  const items = $cartItems.get();
  const repriced = repriceLines(items, prices);
  if (repriced !== items) $cartItems.set(repriced);
}

/** The cart drawer: opened after something is added; its island wakes on the first opening. */
export const $cartDrawerOpen = atom(false);

export function openCartDrawer(): void {
  $cartDrawerOpen.set(true);
  announce(PAGE_EVENTS.cartDrawer);
}

export function closeCartDrawer(): void {
  $cartDrawerOpen.set(false);
}

/** Keeps the header's cart badge (plain HTML, set before paint) in step while an island watches the cart. */
export function mirrorCartBadge(): () => void {
  return $cartTotals.subscribe(({ count }) => {
    for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
      badge.textContent = String(count);
      badge.hidden = count === 0;
    }
  });
}
