/** The compact Add to cart on a product card, for products with nothing to choose; opens the drawer. */
import type { CartProduct } from '~/lib/cart';
import { addAndShow } from './add-and-show';

export default function QuickAdd({ product }: { product: CartProduct }) {
  return (
    <button type="button" className="button small quick-add" onClick={() => addAndShow({ product, quantity: 1 })}>
      Add<span className="visually-hidden"> {product.name}</span> to cart
    </button>
  );
}
