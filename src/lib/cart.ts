/**
 * The cart's rules (spec sections 3, 4, 5 and 8), pure so that the store, the islands and the tests share
 * them. A line is a product in one colour, size and variant; adding the same again raises its quantity.
 * Every function returns a new list and leaves the old one alone. Problems are said in the page's language
 * (src/lib/i18n: the cart's texts, whose English are the spec's from CART_MESSAGES).
 */
import { catalogueName, ENGLISH_NAMES, optionValueName, type CatalogueNames } from './catalogue-names';
import {
  addLine,
  addProblem,
  stockLeft,
  stockProblem,
  type AddRequest,
  type CartItem,
  type CartProblem,
  type CartProduct,
  type CartVariant,
} from './cart-lines';
import { toShillings } from './money';
import { islandTranslator } from './i18n/current';

export * from './cart-lines';

export type CartResult = { items: CartItem[]; error: string | null };

/** A problem of ./cart-lines.ts said in the page's language. */
export function sayCartProblem(problem: CartProblem): string {
  const { t, count } = islandTranslator();
  return problem.key === 'onlyLeft' ? count(t.cart.onlyLeft, problem.left) : t.cart[problem.key];
}

export function validateAdd(request: AddRequest): string | null {
  const problem = addProblem(request);
  return problem && sayCartProblem(problem);
}

function tooMany(left: number): string {
  return sayCartProblem(stockProblem(left));
}

export function addToCart(items: CartItem[], request: AddRequest, now = new Date()): CartResult {
  const added = addLine(items, request, now);
  return { items: added.items, error: added.problem && sayCartProblem(added.problem) };
}

/** Sets a line's quantity; 0 or less removes it; below 0 is refused. `maxQuantity` is the stock left. */
export function setQuantity(items: CartItem[], lineId: string, quantity: number, maxQuantity = Number.POSITIVE_INFINITY, now = new Date()): CartResult {
  if (!Number.isFinite(quantity) || quantity < 0 || !Number.isInteger(quantity)) return { items, error: islandTranslator().t.cart.invalidQuantity };
  if (quantity === 0) return { items: removeLine(items, lineId), error: null };
  if (quantity > maxQuantity) return { items, error: tooMany(maxQuantity) };
  return { items: items.map((item) => (item.id === lineId ? { ...item, product_quantity: quantity, updated_at: now.toISOString() } : item)), error: null };
}

export function removeLine(items: CartItem[], lineId: string): CartItem[] {
  return items.filter((item) => item.id !== lineId);
}

/**
 * A line's chosen colour, size and variant values, e.g. 'Black · 42 · 128 GB' (cart and order lines alike),
 * said with the page's `names` (the line keeps them as the product stores them).
 */
export function lineOptions(line: { color: string; size: string; variant: CartVariant }, names: CatalogueNames = ENGLISH_NAMES): string {
  return [
    line.color && catalogueName(names, 'colour', line.color),
    line.size && catalogueName(names, 'size', line.size),
    ...Object.entries(line.variant).map(([option, value]) => value && optionValueName(names, option, value)),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function lineSubtotal(item: CartItem): number {
  const price = toShillings(item.product_price_1);
  return Number.isNaN(price) ? 0 : price * item.product_quantity;
}

/** The summary: number of items, subtotal, delivery (always 0 in the cart, spec section 4) and total, in UGX. */
export function cartTotals(items: CartItem[]) {
  const subtotal = items.reduce((sum, item) => sum + lineSubtotal(item), 0);
  const count = items.reduce((sum, item) => sum + item.product_quantity, 0);
  return { lines: items.length, count, subtotal, deliveryFee: 0, total: subtotal };
}

/** A problem with a line found by checking it against the product as the server has it now. */
export type LineNotice = { kind: 'gone' | 'out-of-stock' | 'too-many' | 'price-changed'; message: string; blocksCheckout: boolean };

/**
 * Compares a line with the product now (`null`: no longer sold). `pricedAt` is the price the shopper saw
 * when the cart opened, so a change stays flagged after the line takes the new price.
 */
export function checkLine(item: CartItem, current: CartProduct | null, pricedAt: string = item.product_price_1): LineNotice[] {
  const { t, fill, money } = islandTranslator();
  if (!current) return [{ kind: 'gone', message: t.cart.gone, blocksCheckout: true }];
  const notices: LineNotice[] = [];
  const left = stockLeft(current);
  if (left === 0) notices.push({ kind: 'out-of-stock', message: tooMany(0), blocksCheckout: true });
  else if (item.product_quantity > left) notices.push({ kind: 'too-many', message: tooMany(left), blocksCheckout: true });
  const was = toShillings(pricedAt);
  const now = toShillings(current.price_1);
  if (!Number.isNaN(now) && was !== now)
    notices.push({ kind: 'price-changed', message: fill(t.cart.priceChanged, { was: money(was), now: money(now) }), blocksCheckout: false });
  return notices;
}

/** Gives each line its product's current price (products not in `prices` keep theirs). */
export function repriceLines(items: CartItem[], prices: ReadonlyMap<number, string>, now = new Date()): CartItem[] {
  let changed = false;
  const repriced = items.map((item) => {
    const price = prices.get(item.product_id);
    if (price === undefined || price === item.product_price_1) return item;
    changed = true;
    return { ...item, product_price_1: price, updated_at: now.toISOString() };
  });
  return changed ? repriced : items;
}
