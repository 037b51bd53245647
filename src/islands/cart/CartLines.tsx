/** The cart's lines, in the drawer and on the cart page: picture, name, options, quantity, subtotal, remove. */
import { lineOptions, lineSubtotal, stockLeft, type CartItem, type LineNotice } from '~/lib/cart';
import type { CatalogueNames } from '~/lib/catalogue-names';
import { islandTranslator } from '~/lib/i18n/current';
import { removeItem, updateQuantity } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import type { CurrentProducts } from './use-current-products';
import ProductLine from './ProductLine';

const MAX_WITHOUT_STOCK = 99;

function changeQuantity(item: CartItem, quantity: number, max: number) {
  const { t } = islandTranslator();
  const error = updateQuantity(item.id, quantity, max);
  if (error) showToast(error, 'error');
  else showToast(quantity === 0 ? t.cart.removed : t.cart.updated, 'success');
}

function remove(item: CartItem) {
  removeItem(item.id);
  showToast(islandTranslator().t.cart.removed, 'success');
}

/** `names`: how the page's language says the lines' colours, sizes and options. */
type Props = { items: CartItem[]; current?: CurrentProducts; notices?: ReadonlyMap<string, LineNotice[]>; names?: CatalogueNames };

export default function CartLines({ items, current, notices, names }: Props) {
  const { t, fill, money } = islandTranslator();
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
            options={lineOptions(item, names)}
            aside={<strong className="cart-line-subtotal">{money(lineSubtotal(item))}</strong>}
          >
            <span className="cart-line-price">{fill(t.cart.each, { price: money(item.product_price_1) })}</span>
            {lineNotices.map((notice) => (
              <p key={notice.kind} className={`line-notice ${notice.blocksCheckout ? 'blocking' : ''}`} role="status">
                {notice.message}
              </p>
            ))}
            <div className="cart-line-actions">
              <div className="stepper" role="group" aria-label={fill(t.cart.quantityOf, { name: item.product_name })}>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t.cart.oneLess}
                  onClick={() => changeQuantity(item, item.product_quantity - 1, max)}
                >
                  −
                </button>
                <output aria-live="polite">{item.product_quantity}</output>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t.cart.oneMore}
                  disabled={item.product_quantity >= max}
                  onClick={() => changeQuantity(item, item.product_quantity + 1, max)}
                >
                  +
                </button>
              </div>
              <button type="button" className="link-button" onClick={() => remove(item)}>
                {t.cart.remove}
              </button>
            </div>
          </ProductLine>
        );
      })}
    </ul>
  );
}
