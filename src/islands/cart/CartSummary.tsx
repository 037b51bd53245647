import { islandTranslator } from '~/lib/i18n/current';

type Totals = { count?: number; subtotal: number; deliveryFee: number; total: number };

/** Subtotal (with the number of items when known), delivery fee and total, in UGX: for a cart or an order. */
export default function CartSummary({ totals }: { totals: Totals }) {
  const { t, count, money } = islandTranslator();
  return (
    <dl className="cart-summary">
      <div>
        <dt>{totals.count === undefined ? t.cart.subtotal : count(t.cart.subtotalOfItems, totals.count)}</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{t.cart.deliveryFee}</dt>
        <dd>{money(totals.deliveryFee)}</dd>
      </div>
      <div className="cart-total">
        <dt>{t.cart.total}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
