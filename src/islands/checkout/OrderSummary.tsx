/** An order's lines and totals in UGX, for the success, payment and order pages. */
import { formatUGX } from '~/lib/money';
import { variantPath } from '~/lib/images';
import type { OrderView } from './types';

export default function OrderSummary({ order }: { order: OrderView }) {
  return (
    <>
      <ul className="cart-lines">
        {order.items.map((item) => {
          const options = [item.color, item.size, ...Object.values(item.variant)].filter(Boolean).join(' · ');
          return (
            <li key={item.id} className="cart-line" aria-label={item.product_name}>
              <img src={variantPath(160, 'webp', item.feature_photo || 'default.jpg')} alt="" width={72} height={72} loading="lazy" />
              <div className="cart-line-main">
                <a href={`/product/${item.product_id}`} className="cart-line-name">
                  {item.product_name}
                </a>
                {options && <span className="cart-line-options">{options}</span>}
                <span className="cart-line-price">
                  {item.quantity} × {formatUGX(item.unit_price)}
                </span>
              </div>
              <strong className="cart-line-subtotal">{formatUGX(item.subtotal)}</strong>
            </li>
          );
        })}
      </ul>
      <dl className="cart-summary">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatUGX(order.subtotal)}</dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>{formatUGX(order.delivery_fee)}</dd>
        </div>
        <div className="cart-total">
          <dt>Total</dt>
          <dd>{formatUGX(order.total)}</dd>
        </div>
      </dl>
    </>
  );
}
