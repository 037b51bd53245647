import { formatUGX } from '~/lib/money';

type Totals = { count?: number; subtotal: number; deliveryFee: number; total: number };

/** Subtotal (with the number of items when known), delivery fee and total, in UGX: for a cart or an order. */
export default function CartSummary({ totals }: { totals: Totals }) {
  const { count } = totals;
  return (
    <dl className="cart-summary">
      <div>
        <dt>Subtotal{count === undefined ? '' : ` (${count} ${count === 1 ? 'item' : 'items'})`}</dt>
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
