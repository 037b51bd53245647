/**
 * The cart page: every line with its quantity and subtotal, the summary and "Checkout · UGX …", which stays in reach
 * at the bottom of a phone's screen as checkout's "Place order" does. When the page opens, each line is checked
 * against the product as the store sells it now: a new price is taken and flagged on the line, and a product gone or
 * short of stock is flagged and holds back checkout.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cartItems, $cartTotals, applyCurrentPrices, clearCart, mirrorCartBadge } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { checkLine, type LineNotice } from '~/lib/cart';
import { islandTranslator } from '~/lib/i18n/current';
import { useHydrated } from '../use-hydrated';
import { useCurrentProducts } from './use-current-products';
import CartLines from './CartLines';
import type { CatalogueNames } from '~/lib/catalogue-names';

import CartSummary from './CartSummary';
import EmptyCart from './EmptyCart';

/** `names`: how the page's language says the lines' colours, sizes and options. */
export default function CartPage({ names }: { names?: CatalogueNames }) {
  const hydrated = useHydrated();
  const items = useStore($cartItems);
  const totals = useStore($cartTotals);
  // The prices the shopper saw when the page opened: a change stays flagged after a line is repriced.
  const [pricesSeen] = useState(() => new Map(items.map((item) => [item.id, item.product_price_1])));
  const current = useCurrentProducts(items.map((item) => item.product_id));

  useEffect(() => mirrorCartBadge(), []);
  useEffect(() => {
    if (!current) return;
    const prices = new Map<number, string>();
    for (const [id, product] of current) if (product) prices.set(id, String(product.price_1));
    applyCurrentPrices(prices);
  }, [current]);

  const { t, path, money } = islandTranslator();
  if (!hydrated) return <p className="cart-loading">{t.cart.loading}</p>;
  if (items.length === 0) return <EmptyCart />;

  const notices = new Map<string, LineNotice[]>();
  for (const item of items) {
    if (current?.has(item.product_id)) notices.set(item.id, checkLine(item, current.get(item.product_id) ?? null, pricesSeen.get(item.id)));
  }
  const blocked = [...notices.values()].some((list) => list.some((notice) => notice.blocksCheckout));

  function onClear() {
    if (!window.confirm(t.cart.clearQuestion)) return;
    clearCart();
    showToast(t.cart.cleared, 'success');
  }

  return (
    <div className="cart-page cart-with-bar">
      <section className="panel cart-items" aria-label={t.cart.itemsLabel}>
        <CartLines items={items} current={current} notices={notices} names={names} />
        <button type="button" className="link-button clear-cart" onClick={onClear}>
          {t.cart.clearCart}
        </button>
      </section>
      <aside className="panel cart-side" aria-label={t.cart.orderSummary}>
        <h2>{t.cart.orderSummary}</h2>
        <CartSummary totals={totals} />
        <div className="place-order-bar">
          {blocked ? (
            <>
              <p className="line-notice blocking">{t.cart.fixToCheckOut}</p>
              <button type="button" className="button checkout" disabled>
                {t.cart.checkout}
              </button>
            </>
          ) : (
            <a className="button checkout" href={path('/checkout')}>
              {t.cart.checkout} · {money(totals.total)}
            </a>
          )}
        </div>
        <a className="continue" href={path('/products')}>
          {t.cart.continueShopping}
        </a>
      </aside>
    </div>
  );
}
