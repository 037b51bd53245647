/** The compact Add to cart on a product card, for products with nothing to choose; opens the drawer. */
import type { CartProduct } from '~/lib/cart';
import { islandTranslator } from '~/lib/i18n/current';
import { addAndShow } from './add-and-show';
import { fillNodes } from '../fill-nodes';

export default function QuickAdd({ product }: { product: CartProduct }) {
  const { t } = islandTranslator();
  return (
    <button type="button" className="button small quick-add" onClick={() => addAndShow({ product, quantity: 1 })}>
      {fillNodes(t.cart.quickAdd, { name: <span className="visually-hidden">{product.name}</span> })}
    </button>
  );
}
