/**
 * /checkout: where it goes, what is in it (from the cart), the total in UGX and how to pay. Placing the
 * order sends one idempotency key per attempt, so a double tap or a retry after a timeout places one
 * order. The cart is cleared only once the order exists.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import useSWR from 'swr';
import { apiGet, apiPost } from '~/lib/api';
import { formatUGX } from '~/lib/money';
import { lineOptions } from '~/lib/cart';
import { GATEWAY_LABELS, ORDER_MESSAGES, type PaymentGatewayName } from '~/lib/orders';
import { $cartItems, $cartTotals, clearCart } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { useHydrated } from '../use-hydrated';
import CartSummary from '../cart/CartSummary';
import EmptyCart from '../cart/EmptyCart';
import type { DeliveryLocationOption, OrderView, SavedAddress } from './types';
import { idFrom } from './use-order';

type Props = { locations: DeliveryLocationOption[]; gateways: PaymentGatewayName[] };

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export default function CheckoutPage({ locations, gateways }: Props) {
  const hydrated = useHydrated();
  const items = useStore($cartItems);
  const totals = useStore($cartTotals);
  const { data: addresses, error: addressError } = useSWR<SavedAddress[], Error>('/api/addresses', (path: string) => apiGet<SavedAddress[]>(path), { revalidateOnFocus: false });
  const [gateway, setGateway] = useState<PaymentGatewayName | null>(null);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per checkout attempt: the same cart submitted twice is one order.
  const attemptKey = useMemo(newKey, [items]);

  const wanted = hydrated ? idFrom(new URLSearchParams(window.location.search).get('address')) : null;
  const address = addresses?.find((entry) => entry.id === wanted) ?? addresses?.[0];
  const location = locations.find((place) => place.id === address?.delivery_location_id);

  useEffect(() => {
    if (addresses && addresses.length === 0) window.location.replace('/delivery-address');
  }, [addresses]);

  if (!hydrated || (!addresses && !addressError)) return <p className="cart-loading">Loading your checkout…</p>;
  if (addressError) return <p role="alert">{addressError.message}</p>;
  if (items.length === 0) return <EmptyCart />;

  async function onPlace() {
    if (!address) return;
    if (!gateway) {
      setProblem('Choose a payment method');
      return;
    }
    setPlacing(true);
    setProblem(null);
    try {
      const order = await apiPost<OrderView>('/api/orders', {
        items: items.map((item) => ({ product_id: item.product_id, quantity: item.product_quantity, color: item.color, size: item.size, variant: item.variant, price: Number(item.product_price_1) })),
        customer_name: address.name,
        customer_phone: address.phone,
        delivery_location_id: address.delivery_location_id,
        delivery_address: address.address,
        notes: address.notes,
        payment_gateway: gateway,
        idempotency_key: attemptKey,
      });
      clearCart();
      showToast(ORDER_MESSAGES.placed, 'success');
      if (order.payment?.redirect_url && order.payment.status === 'PENDING_PAYMENT') window.location.assign(order.payment.redirect_url);
      else window.location.assign(`/order-success?order=${order.id}`);
    } catch (error) {
      const message = (error as Error).message || ORDER_MESSAGES.failed;
      setProblem(message);
      showToast(message, 'error');
      setPlacing(false);
    }
  }

  return (
    <div className="cart-page">
      <div className="checkout-main">
        <section className="panel" aria-labelledby="deliver-heading">
          <h2 id="deliver-heading">Delivery</h2>
          {address && (
            <p>
              <strong>{address.name}</strong> · {address.phone}
              <br />
              {address.address}, {location?.name ?? ''}
              {address.notes && (
                <>
                  <br />
                  <span className="cart-line-options">{address.notes}</span>
                </>
              )}
            </p>
          )}
          <a href="/delivery-address">Change address</a>
        </section>
        <fieldset className="panel payment-methods">
          <legend>Payment method</legend>
          {gateways.map((name) => (
            <label key={name} className="payment-option">
              <input type="radio" name="payment_gateway" value={name} checked={gateway === name} onChange={() => {
                  setGateway(name);
                  setProblem(null);
                }} />
              <span>
                <strong>{GATEWAY_LABELS[name].title}</strong>
                <br />
                <span className="cart-line-options">{GATEWAY_LABELS[name].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <section className="panel" aria-labelledby="items-heading">
          <h2 id="items-heading">Items</h2>
          <ul className="checkout-items">
            {items.map((item) => (
              <li key={item.id}>
                <span>
                  {item.product_quantity} × {item.product_name}
                  {lineOptions(item) && <span className="cart-line-options"> ({lineOptions(item)})</span>}
                </span>
                <strong>{formatUGX(Number(item.product_price_1) * item.product_quantity)}</strong>
              </li>
            ))}
          </ul>
          <a href="/cart">Edit cart</a>
        </section>
      </div>
      <aside className="panel cart-side" aria-label="Order summary">
        <h2>Order summary</h2>
        <CartSummary totals={totals} />
        {problem && (
          <p className="form-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="button" className="button checkout" disabled={placing || !address} onClick={() => void onPlace()}>
          {placing ? 'Placing your order…' : `Place order · ${formatUGX(totals.total)}`}
        </button>
      </aside>
    </div>
  );
}
