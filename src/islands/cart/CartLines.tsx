/** The cart's lines, in the drawer and on the cart page: picture, name, options, quantity, subtotal, remove. */
import { lineOptions, lineSubtotal, stockLeft, type CartItem, type LineNotice } from '~/lib/cart';
import { formatUGX } from '~/lib/money';
import { removeItem, updateQuantity } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import type { CurrentProducts } from './use-current-products';
import ProductLine from './ProductLine';
import { CART_MESSAGES } from '~/lib/messages/cart-messages';

const MAX_WITHOUT_STOCK = 99;

function changeQuantity(item: CartItem, quantity: number, max: number) {
  const error = updateQuantity(item.id, quantity, max);
  if (error) showToast(error, 'error');
  else showToast(quantity === 0 ? CART_MESSAGES.removed : CART_MESSAGES.updated, 'success');
}

function remove(item: CartItem) {
  removeItem(item.id);
  showToast(CART_MESSAGES.removed, 'success');
}

type Props = { items: CartItem[]; current?: CurrentProducts; notices?: ReadonlyMap<string, LineNotice[]> };

export default function CartLines({ items, current, notices }: Props) {
  return (
    <ul className="cart-lines">
      {items.map((item) => {
        const product = current?.get(item.product_id);
        const left = product ? stockLeft(product) : Number.POSITIVE_INFINITY;
        const max = Number.isFinite(left) ? left : MAX_WITHOUT_STOCK;
        const lineNotices = notices?.get(item.id) ?? [];
        return (
          <ProductLine
            key={item.id}
            productId={item.product_id}
            name={item.product_name}
            photo={item.product_feature_photo}
            options={lineOptions(item)}
            aside={<strong className="cart-line-subtotal">{formatUGX(lineSubtotal(item))}</strong>}
          >
            <span className="cart-line-price">{formatUGX(item.product_price_1)} each</span>
            {lineNotices.map((notice) => (
              <p key={notice.kind} className={`line-notice ${notice.blocksCheckout ? 'blocking' : ''}`} role="status">
                {notice.message}
              </p>
            ))}
            <div className="cart-line-actions">
              <div className="stepper" role="group" aria-label={`Quantity of ${item.product_name}`}>
                <button type="button" className="button secondary" aria-label="One less" onClick={() => changeQuantity(item, item.product_quantity - 1, max)}>
                  −
                </button>
                <output aria-live="polite">{item.product_quantity}</output>
                <button
                  type="button"
                  className="button secondary"
                  aria-label="One more"
                  disabled={item.product_quantity >= max}
                  onClick={() => changeQuantity(item, item.product_quantity + 1, max)}
                >
                  +
                </button>
              </div>
              <button type="button" className="link-button" onClick={() => remove(item)}>
                Remove
              </button>
            </div>
          </ProductLine>
        );
      })}
    </ul>
  );
}
