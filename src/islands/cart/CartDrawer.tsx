/**
 * The cart drawer: slides in from the side after something is added. It wakes on its first opening
 * (`client:event`), so pages where nothing is added never load it. While open, the page behind is
 * inert and Escape or a tap outside closes it; toasts stay visible above it.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $cartDrawerOpen, $cartItems, $cartTotals, closeCartDrawer, mirrorCartBadge } from '~/stores/cart';
import { islandTranslator } from '~/lib/i18n/current';
import { useHydrated } from '../use-hydrated';
import { useCurrentProducts } from './use-current-products';
import CartLines from './CartLines';
import type { CatalogueNames } from '~/lib/catalogue-names';
import { PAGE_EVENTS } from '~/browser/page-events';

import CartSummary from './CartSummary';

/** Makes everything but the page-wide islands inert while the drawer is open; returns the undo. */
function makePageInert(): () => void {
  const behind = [...document.body.children].filter((element): element is HTMLElement => element instanceof HTMLElement && element.tagName !== 'ASTRO-ISLAND');
  for (const element of behind) element.inert = true;
  document.documentElement.classList.add('drawer-open');
  return () => {
    for (const element of behind) element.inert = false;
    document.documentElement.classList.remove('drawer-open');
  };
}

/** `names`: how the page's language says the lines' colours, sizes and options, where the page gives them. */
export default function CartDrawer({ names }: { names?: CatalogueNames }) {
  const hydrated = useHydrated();
  const open = useStore($cartDrawerOpen);
  const items = useStore($cartItems);
  const totals = useStore($cartTotals);
  const current = useCurrentProducts(open ? items.map((item) => item.product_id) : []);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => mirrorCartBadge(), []);
  // The island wakes on the page's "open the drawer" event (client:event), which the product page's own script
  // sends without the store (src/scripts/buy-box.ts): it opens on waking, and on each such event after.
  useEffect(() => {
    const open = () => $cartDrawerOpen.set(true);
    open();
    window.addEventListener(PAGE_EVENTS.cartDrawer, open);
    return () => window.removeEventListener(PAGE_EVENTS.cartDrawer, open);
  }, []);

  useEffect(() => {
    if (!open) return;
    const returnFocus = document.activeElement as HTMLElement | null;
    const undoInert = makePageInert();
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeCartDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      undoInert();
      returnFocus?.focus();
    };
  }, [open]);

  if (!hydrated || !open) return null;
  const { t, count, path } = islandTranslator();
  return (
    <div className="drawer-backdrop" onClick={(event) => event.target === event.currentTarget && closeCartDrawer()}>
      <section className="cart-drawer" role="dialog" aria-modal="true" aria-labelledby="cart-drawer-title">
        <header className="drawer-head">
          <h2 id="cart-drawer-title">{t.cart.title}</h2>
          <span className="drawer-count">{count(t.cart.items, totals.count)}</span>
          <button ref={closeButton} type="button" className="link-button drawer-close" aria-label={t.cart.closeCart} onClick={closeCartDrawer}>
            ×
          </button>
        </header>
        <div className="drawer-body">
          {items.length === 0 ? <p className="cart-empty">{t.cart.empty}</p> : <CartLines items={items} current={current} names={names} />}
        </div>
        {items.length > 0 && (
          <footer className="drawer-foot">
            <CartSummary totals={totals} />
            <div className="button-row">
              <a className="button secondary" href={path('/cart')}>
                {t.cart.viewCart}
              </a>
              <a className="button" href={path('/checkout')}>
                {t.cart.checkout}
              </a>
            </div>
          </footer>
        )}
      </section>
    </div>
  );
}
