import { describe, expect, it } from 'vitest';
import { addLine, addProblem, stockProblem, type CartProduct } from '~/lib/cart-lines';
import { addToCart, sayCartProblem } from '~/lib/cart';

const now = new Date('2026-11-21T10:00:00Z');
const shirt: CartProduct = {
  id: 12,
  name: 'Kitenge shirt',
  price_1: 65000,
  feature_photo: 's.jpg',
  has_colors: 'Yes',
  colors: 'Red, Green',
  has_sizes: 'Yes',
  sizes: 'M, L',
  in_stock: 1,
  stock: { items_sold: 8, total_items: 10 },
};

describe('adding a line without words (the product page script)', () => {
  it('names what is missing or wrong by key, in the order a shopper meets it', () => {
    expect(addProblem({ product: null })).toEqual({ key: 'invalidProduct' });
    expect(addProblem({ product: shirt, quantity: 0 })).toEqual({ key: 'invalidProduct' });
    expect(addProblem({ product: shirt, quantity: 1.5, color: 'Red', size: 'M' })).toEqual({ key: 'invalidProduct' });
    expect(addProblem({ product: shirt })).toEqual({ key: 'selectColor' });
    expect(addProblem({ product: shirt, color: 'Red' })).toEqual({ key: 'selectSize' });
    expect(addProblem({ product: shirt, color: 'Red', size: 'M' })).toBeNull();
  });

  it('adds, then raises the same line, and refuses past the stock with the cart untouched', () => {
    const first = addLine([], { product: shirt, color: 'Red', size: 'M', quantity: 1 }, now);
    expect(first.problem).toBeNull();
    expect(first.items).toEqual([expect.objectContaining({ id: '12|Red|M|', product_price_1: '65000', product_quantity: 1, added_at: now.toISOString() })]);
    const second = addLine(first.items, { product: shirt, color: 'Red', size: 'M', quantity: 1 }, now);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.product_quantity).toBe(2);
    const tooMany = addLine(second.items, { product: shirt, color: 'Red', size: 'M', quantity: 1 }, now);
    expect(tooMany).toEqual({ items: second.items, problem: { key: 'onlyLeft', left: 2 } });
    expect(addLine([], { product: { ...shirt, in_stock: 0 }, color: 'Red', size: 'M' }, now).problem).toEqual({ key: 'outOfStock' });
    expect(stockProblem(0)).toEqual({ key: 'outOfStock' });
  });

  it('says the same problems the islands say', () => {
    const over = addLine([], { product: shirt, color: 'Red', size: 'M', quantity: 3 }, now);
    expect(sayCartProblem(over.problem!)).toBe(addToCart([], { product: shirt, color: 'Red', size: 'M', quantity: 3 }, now).error);
    expect(sayCartProblem({ key: 'selectColor' })).toBe(addToCart([], { product: shirt }, now).error);
  });
});
