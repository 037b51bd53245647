/** An order's lines and totals in UGX, for the success, payment and order pages. */
import { formatUGX } from '~/lib/money';
import { lineOptions } from '~/lib/cart';
import ProductLine from '../cart/ProductLine';
import CartSummary from '../cart/CartSummary';
import type { OrderView } from './types';

export default function OrderSummary({ order }: { order: OrderView }) {
  return (
    <>
      <ul className="cart-lines">
        {order.items.map((item) => (
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
      <CartSummary totals={{ subtotal: order.subtotal, deliveryFee: order.delivery_fee, total: order.total }} />
    </>
  );
}
