/** An order's lines, by the vendor who sends them, and its totals in UGX, for the success, payment and order pages. */
import type { ReactNode } from 'react';
import { formatUGX } from '~/lib/money';
import { lineOptions } from '~/lib/cart';
import { ORDER_STATUS_LABELS } from '~/lib/order-rules';
import ProductLine from '../cart/ProductLine';
import CartSummary from '../cart/CartSummary';
import type { OrderLine, OrderPartView, OrderView } from './types';

function Lines({ lines }: { lines: OrderLine[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((item) => (
        <ProductLine
          key={item.id}
          productId={item.product_id}
          name={item.product_name}
          photo={item.feature_photo}
          options={lineOptions(item)}
          aside={<strong className="cart-line-subtotal">{formatUGX(item.subtotal)}</strong>}
        >
          <span className="cart-line-price">
            {item.quantity} × {formatUGX(item.unit_price)}
          </span>
        </ProductLine>
      ))}
    </ul>
  );
}

const deliveredOn = (at: string) => new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Kampala' });

/** `partExtra` adds to each part what the page offers for it (returns, on the order page). */
export default function OrderSummary({ order, partExtra }: { order: OrderView; partExtra?: (part: OrderPartView) => ReactNode }) {
  return (
    <>
      {order.parts.map((part) => (
        <section className="order-part" key={part.id} aria-label={`From ${part.vendor_name}`}>
          <div className="section-head">
            <h3>From {part.vendor_name}</h3>
            <span className={`chip part-status ${part.status}`}>{ORDER_STATUS_LABELS[part.status]}</span>
          </div>
          {part.tracking_note && <p className="muted">Tracking: {part.tracking_note}</p>}
          {part.delivered_at && part.status === 'delivered' && <p className="muted">Delivered on {deliveredOn(part.delivered_at)}</p>}
          <Lines lines={part.lines} />
          {partExtra?.(part)}
        </section>
      ))}
      <CartSummary totals={{ subtotal: order.subtotal, deliveryFee: order.delivery_fee, total: order.total }} />
    </>
  );
}
