/** The compact Add to cart on a product card, for products with nothing to choose; opens the drawer. */
import { addItem, openCartDrawer } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { CART_MESSAGES, type CartProduct } from '~/lib/cart';

export default function QuickAdd({ product }: { product: CartProduct }) {
  function add() {
    const error = addItem({ product, quantity: 1 });
    if (error) {
      showToast(error, 'error');
      return;
    }
    openCartDrawer();
    showToast(CART_MESSAGES.added(product.name), 'success');
  }
  return (
    <button type="button" className="button small quick-add" onClick={add}>
      Add<span className="visually-hidden"> {product.name}</span> to cart
    </button>
  );
}
