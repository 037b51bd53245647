/**
 * The cart's rules (spec sections 3, 4, 5 and 8), pure so that the store, the islands and the tests share
 * them. A line is a product in one colour, size and variant; adding the same again raises its quantity.
 * Every function returns a new list and leaves the old one alone. Problems are said in the page's language
 * (src/lib/i18n: the cart's texts, whose English are the spec's from CART_MESSAGES).
 */
import { catalogueName, ENGLISH_NAMES, optionValueName, type CatalogueNames } from './catalogue-names';
import { splitList } from './lists';
import { toShillings } from './money';
import { islandTranslator } from './i18n/current';

export type CartVariant = Record<string, string>;

export type CartItem = {
  id: string;
  product_id: number;
  product_name: string;
  product_price_1: string;
  product_quantity: number;
  product_feature_photo: string;
  color: string;
  size: string;
  variant: CartVariant;
  added_at: string;
  updated_at: string;
};

/** What the cart needs to know of a product (the API's product fields). */
export type CartProduct = {
  id: number;
  name: string;
  price_1: string | number;
  feature_photo: string;
  has_colors?: string;
  colors?: string;
  has_sizes?: string;
  sizes?: string;
  in_stock?: number;
  stock?: { items_sold: number; total_items: number };
  variants?: Record<string, string[]>;
};

export type AddRequest = { product: CartProduct | null | undefined; quantity?: number; color?: string; size?: string; variant?: CartVariant };

export type CartResult = { items: CartItem[]; error: string | null };

/** The same product, colour, size and variant always give the same line id. */
export function cartLineId(productId: number, color = '', size = '', variant: CartVariant = {}): string {
  const variantKey = Object.keys(variant)
    .sort()
    .map((key) => `${key}=${variant[key]}`)
    .join('&');
  return [productId, color, size, variantKey].join('|');
}

export function colorsOf(product: CartProduct): string[] {
  return product.has_colors === 'Yes' ? splitList(product.colors ?? '') : [];
}

export function sizesOf(product: CartProduct): string[] {
  return product.has_sizes === 'Yes' ? splitList(product.sizes ?? '') : [];
}

/**
 * The product's other options. The API's `variants` also lists the colours and sizes (as Color and Size,
 * for clients that offer every choice from it); those are chosen as the colour and the size, not twice.
 */
export function variantChoices(product: CartProduct): [string, string[]][] {
  const offeredApart = new Set([...(colorsOf(product).length > 0 ? ['Color'] : []), ...(sizesOf(product).length > 0 ? ['Size'] : [])]);
  return Object.entries(product.variants ?? {}).filter(([name, values]) => values.length > 0 && !offeredApart.has(name));
}

/** Whether a shopper has anything to choose before adding (so a card sends them to the product page). */
export function needsChoices(product: CartProduct): boolean {
  return colorsOf(product).length > 0 || sizesOf(product).length > 0 || variantChoices(product).length > 0;
}

/** The variant the product page starts with: the first value of each. */
export function defaultVariant(product: CartProduct): CartVariant {
  return Object.fromEntries(variantChoices(product).map(([name, values]) => [name, values[0]!]));
}

/** How many more may be bought, or Infinity when the product does not say. */
export function stockLeft(product: CartProduct): number {
  if (product.in_stock === 0) return 0;
  if (!product.stock) return Number.POSITIVE_INFINITY;
  return Math.max(0, product.stock.total_items - product.stock.items_sold);
}

export function validateAdd({ product, quantity = 1, color = '', size = '' }: AddRequest): string | null {
  const { t } = islandTranslator();
  if (!product || !product.id || !Number.isInteger(quantity) || quantity <= 0) return t.cart.invalidProduct;
  if (colorsOf(product).length > 0 && !color) return t.cart.selectColor;
  if (sizesOf(product).length > 0 && !size) return t.cart.selectSize;
  return null;
}

function tooMany(left: number): string {
  const { t, count } = islandTranslator();
  return left === 0 ? t.cart.outOfStock : count(t.cart.onlyLeft, left);
}

export function addToCart(items: CartItem[], request: AddRequest, now = new Date()): CartResult {
  const problem = validateAdd(request);
  if (problem) return { items, error: problem };
  const product = request.product!;
  const quantity = request.quantity ?? 1;
  const color = request.color ?? '';
  const size = request.size ?? '';
  const variant = request.variant ?? {};
  const id = cartLineId(product.id, color, size, variant);
  const existing = items.find((item) => item.id === id);
  const wanted = (existing?.product_quantity ?? 0) + quantity;
  const left = stockLeft(product);
  if (wanted > left) return { items, error: tooMany(left) };
  const stamp = now.toISOString();
  if (existing) {
    return { items: items.map((item) => (item.id === id ? { ...item, product_quantity: wanted, updated_at: stamp } : item)), error: null };
  }
  const line: CartItem = {
    id,
    product_id: product.id,
    product_name: product.name,
    product_price_1: String(product.price_1),
    product_quantity: quantity,
    product_feature_photo: product.feature_photo,
    color,
    size,
    variant,
    added_at: stamp,
    updated_at: stamp,
  };
  return { items: [...items, line], error: null };
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

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.product_id === 'number' &&
    Number.isInteger(item.product_id) &&
    typeof item.product_name === 'string' &&
    (typeof item.product_price_1 === 'string' || typeof item.product_price_1 === 'number') &&
    typeof item.product_quantity === 'number' &&
    Number.isInteger(item.product_quantity) &&
    item.product_quantity > 0
  );
}

/** Reads a stored cart: anything corrupt or of an old shape is dropped, never a crash. */
export function parseStoredCart(stored: string | null | undefined): CartItem[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isCartItem).map((item) => ({
    ...item,
    product_price_1: String(item.product_price_1),
    product_feature_photo: typeof item.product_feature_photo === 'string' ? item.product_feature_photo : '',
    color: typeof item.color === 'string' ? item.color : '',
    size: typeof item.size === 'string' ? item.size : '',
    variant: item.variant && typeof item.variant === 'object' ? item.variant : {},
  }));
}
