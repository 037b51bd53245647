/**
 * The cart's rules that need no words (spec sections 3, 4 and 8): what a line is, how a product's choices and
 * stock read, adding to a list of lines, and reading a stored cart. Kept apart from ./cart.ts, which says the
 * problems in the page's language, so the product page's own script (src/scripts/buy-box.ts) adds to the cart
 * without the islands' texts: it says problems with the words the page was rendered with.
 */
import { splitList } from './lists';

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

/** Why a product cannot be added, for the caller to say in the page's language. */
export type CartProblem = { key: 'invalidProduct' | 'selectColor' | 'selectSize' | 'outOfStock' } | { key: 'onlyLeft'; left: number };

/** The problem with adding `request` before looking at the cart, or null. */
export function addProblem({ product, quantity = 1, color = '', size = '' }: AddRequest): CartProblem | null {
  if (!product || !product.id || !Number.isInteger(quantity) || quantity <= 0) return { key: 'invalidProduct' };
  if (colorsOf(product).length > 0 && !color) return { key: 'selectColor' };
  if (sizesOf(product).length > 0 && !size) return { key: 'selectSize' };
  return null;
}

/** The problem of wanting more than the `left` in stock. */
export function stockProblem(left: number): CartProblem {
  return left === 0 ? { key: 'outOfStock' } : { key: 'onlyLeft', left };
}

/** Adds the product as a line, or raises its line's quantity; the list is left as it was when there is a problem. */
export function addLine(items: CartItem[], request: AddRequest, now = new Date()): { items: CartItem[]; problem: CartProblem | null } {
  const problem = addProblem(request);
  if (problem) return { items, problem };
  const product = request.product!;
  const quantity = request.quantity ?? 1;
  const color = request.color ?? '';
  const size = request.size ?? '';
  const variant = request.variant ?? {};
  const id = cartLineId(product.id, color, size, variant);
  const existing = items.find((item) => item.id === id);
  const wanted = (existing?.product_quantity ?? 0) + quantity;
  const left = stockLeft(product);
  if (wanted > left) return { items, problem: stockProblem(left) };
  const stamp = now.toISOString();
  if (existing) {
    return { items: items.map((item) => (item.id === id ? { ...item, product_quantity: wanted, updated_at: stamp } : item)), problem: null };
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
  return { items: [...items, line], problem: null };
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
