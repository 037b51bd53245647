/** Adding to the cart as every island shows it: the problem as a toast, or the drawer and '{name} added to cart'. */
import { addItem, openCartDrawer } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { type AddRequest, type CartProduct } from '~/lib/cart';
import { islandTranslator } from '~/lib/i18n/current';

export function showAdded(name: string): void {
  const { t, fill } = islandTranslator();
  openCartDrawer();
  showToast(fill(t.browse.addToCart.added, { name }), 'success');
}

/** Answers the problem (already shown), or null when the product is in the cart. */
export function addAndShow(request: AddRequest & { product: CartProduct }): string | null {
  const error = addItem(request);
  if (error) showToast(error, 'error');
  else showAdded(request.product.name);
  return error;
}
