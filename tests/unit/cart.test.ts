import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartLineId,
  cartTotals,
  checkLine,
  parseStoredCart,
  removeLine,
  repriceLines,
  setQuantity,
  validateAdd,
  type CartProduct,
} from '~/lib/cart';
import { CART_MESSAGES } from '~/lib/messages/cart-messages';

const now = new Date('2026-11-21T10:00:00Z');
const phone: CartProduct = {
  id: 5,
  name: 'Tecno Spark 20',
  price_1: '450000',
  feature_photo: 'p.jpg',
  has_colors: 'Yes',
  colors: 'Black,Blue',
  has_sizes: 'No',
  sizes: '',
  in_stock: 1,
  stock: { items_sold: 7, total_items: 10 },
};
const shoe: CartProduct = {
  id: 9,
  name: 'Bata Loafers',
  price_1: 85000,
  feature_photo: 's.jpg',
  has_colors: 'No',
  colors: '',
  has_sizes: 'Yes',
  sizes: '40,41,42',
};
const sugar: CartProduct = { id: 12, name: 'Kakira Sugar 1kg', price_1: '6500', feature_photo: 'k.jpg' };

describe('adding to the cart', () => {
  it('checks the product, the quantity, the colour and the size with the spec texts', () => {
    expect(validateAdd({ product: null })).toBe(CART_MESSAGES.invalidProduct);
    expect(validateAdd({ product: sugar, quantity: 0 })).toBe('Invalid product or quantity');
    expect(validateAdd({ product: sugar, quantity: -2 })).toBe('Invalid product or quantity');
    expect(validateAdd({ product: sugar, quantity: 1.5 })).toBe('Invalid product or quantity');
    expect(validateAdd({ product: phone })).toBe('Please select a color');
    expect(validateAdd({ product: phone, color: 'Blue' })).toBeNull();
    expect(validateAdd({ product: shoe })).toBe('Please select a size');
    expect(validateAdd({ product: shoe, size: '41' })).toBeNull();
  });

  it('adds a new line with the spec fields, then raises its quantity for the same choices', () => {
    const first = addToCart([], { product: phone, color: 'Blue', variant: { Storage: '128GB' } }, now);
    expect(first.error).toBeNull();
    expect(first.items).toEqual([
      {
        id: cartLineId(5, 'Blue', '', { Storage: '128GB' }),
        product_id: 5,
        product_name: 'Tecno Spark 20',
        product_price_1: '450000',
        product_quantity: 1,
        product_feature_photo: 'p.jpg',
        color: 'Blue',
        size: '',
        variant: { Storage: '128GB' },
        added_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
    ]);
    const again = addToCart(first.items, { product: phone, color: 'Blue', variant: { Storage: '128GB' }, quantity: 2 }, now);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]!.product_quantity).toBe(3);

    const otherColour = addToCart(again.items, { product: phone, color: 'Black' }, now);
    expect(otherColour.items).toHaveLength(2);
  });

  it('never goes past the stock left', () => {
    const full = addToCart([], { product: phone, color: 'Blue', quantity: 3 }, now);
    expect(full.error).toBeNull();
    const over = addToCart(full.items, { product: phone, color: 'Blue' }, now);
    expect(over).toEqual({ items: full.items, error: 'Only 3 left in stock' });
    expect(addToCart([], { product: { ...sugar, in_stock: 0 } }).error).toBe('This product is out of stock');
  });

  it('gives the same line id whatever order the variant options come in', () => {
    expect(cartLineId(1, 'Red', 'M', { b: '2', a: '1' })).toBe(cartLineId(1, 'Red', 'M', { a: '1', b: '2' }));
    expect(cartLineId(1, 'Red', 'M')).not.toBe(cartLineId(1, 'Red', 'L'));
  });
});

describe('changing the cart', () => {
  const { items } = addToCart(addToCart([], { product: sugar, quantity: 2 }, now).items, { product: shoe, size: '41' }, now);
  const sugarLine = items[0]!.id;

  it('sets quantities; 0 removes the line; below 0 is refused', () => {
    expect(setQuantity(items, sugarLine, 5, 10, now).items[0]!.product_quantity).toBe(5);
    expect(setQuantity(items, sugarLine, 0).items.map((i) => i.product_id)).toEqual([9]);
    expect(setQuantity(items, sugarLine, -1)).toEqual({ items, error: 'Invalid quantity' });
    expect(setQuantity(items, sugarLine, 11, 10).error).toBe('Only 10 left in stock');
  });

  it('removes a line and totals in whole shillings with no delivery fee', () => {
    expect(removeLine(items, sugarLine).map((i) => i.product_id)).toEqual([9]);
    expect(cartTotals(items)).toEqual({ lines: 2, count: 3, subtotal: 2 * 6500 + 85000, deliveryFee: 0, total: 98000 });
    expect(cartTotals([])).toEqual({ lines: 0, count: 0, subtotal: 0, deliveryFee: 0, total: 0 });
  });
});

describe('the stored cart', () => {
  it('reads a good cart back', () => {
    const { items } = addToCart([], { product: sugar, quantity: 2 }, now);
    expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
  });

  it.each([null, '', '{not json', '{"items": 1}', '42', '"text"'])('starts empty from %j', (stored) => {
    expect(parseStoredCart(stored)).toEqual([]);
  });

  it('drops old-format or broken lines and keeps the good ones', () => {
    const good = addToCart([], { product: sugar }, now).items[0]!;
    const stored = JSON.stringify([
      good,
      { id: 1, name: 'old' },
      { ...good, id: 'x', product_quantity: -1 },
      null,
      { ...good, id: 'y', product_price_1: 6500 },
    ]);
    const read = parseStoredCart(stored);
    expect(read.map((item) => item.id)).toEqual([good.id, 'y']);
    expect(read[1]!.product_price_1).toBe('6500');
  });
});

describe('checking the cart against the store', () => {
  const line = addToCart([], { product: sugar, quantity: 3 }, now).items[0]!;
  const inStock = { ...sugar, in_stock: 1, stock: { items_sold: 0, total_items: 50 } };

  it('finds nothing to say when price and stock still hold', () => {
    expect(checkLine(line, inStock)).toEqual([]);
  });

  it('flags a product that is gone, sold out or short of the quantity, and each blocks checkout', () => {
    expect(checkLine(line, null)).toEqual([{ kind: 'gone', message: 'This product is no longer available', blocksCheckout: true }]);
    expect(checkLine(line, { ...inStock, in_stock: 0 })).toEqual([{ kind: 'out-of-stock', message: 'This product is out of stock', blocksCheckout: true }]);
    expect(checkLine(line, { ...inStock, stock: { items_sold: 48, total_items: 50 } })).toEqual([
      { kind: 'too-many', message: 'Only 2 left in stock', blocksCheckout: true },
    ]);
  });

  it('flags a changed price against the price first seen, which does not block checkout', () => {
    const dearer = { ...inStock, price_1: '7000' };
    expect(checkLine(line, dearer)).toEqual([{ kind: 'price-changed', message: 'Price changed from UGX 6,500 to UGX 7,000', blocksCheckout: false }]);
    const repriced = repriceLines([line], new Map([[sugar.id, '7000']]), now)[0]!;
    expect(repriced.product_price_1).toBe('7000');
    expect(checkLine(repriced, dearer)).toEqual([]);
    expect(checkLine(repriced, dearer, '6500')[0]!.kind).toBe('price-changed');
  });

  it('reprices only the lines whose price moved, and keeps the same list when none did', () => {
    const items = [line, ...addToCart([], { product: shoe, size: '41' }, now).items];
    expect(repriceLines(items, new Map([[sugar.id, '6500']]))).toBe(items);
    const repriced = repriceLines(items, new Map([[shoe.id, '80000']]), now);
    expect(repriced.map((item) => item.product_price_1)).toEqual(['6500', '80000']);
    expect(cartTotals(repriced).subtotal).toBe(3 * 6500 + 80000);
  });
});
