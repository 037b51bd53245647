import { formatUGX } from '~/lib/money';
import type { cartTotals } from '~/lib/cart';

/** Subtotal, delivery (0 in the cart: it is set at checkout) and total. */
export default function CartSummary({ totals }: { totals: ReturnType<typeof cartTotals> }) {
  return (
    <dl className="cart-summary">
      <div>
        <dt>Subtotal ({totals.count} {totals.count === 1 ? 'item' : 'items'})</dt>
        <dd>{formatUGX(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>Delivery fee</dt>
        <dd>{formatUGX(totals.deliveryFee)}</dd>
      </div>
      <div className="cart-total">
        <dt>Total</dt>
        <dd>{formatUGX(totals.total)}</dd>
      </div>
    </dl>
  );
}
