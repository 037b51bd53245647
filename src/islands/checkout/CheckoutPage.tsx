/**
 * /checkout: where it goes, what is in it (from the cart), the total in UGX and how to pay. Its state and
 * placing the order live in use-checkout.ts.
 */
import { lineOptions } from '~/lib/cart';
import { formatUGX } from '~/lib/money';
import { GATEWAY_LABELS, type PaymentGatewayName } from '~/lib/order-rules';
import { isMobileMoneyGateway } from '~/lib/mobile-money';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { OFFLINE_MESSAGES } from '~/lib/messages/offline-messages';
import { isNetworkFailure } from '~/lib/api';
import CartSummary from '../cart/CartSummary';
import EmptyCart from '../cart/EmptyCart';
import type { DeliveryLocationOption } from './types';
import { useCheckout } from './use-checkout';

type Props = { locations: DeliveryLocationOption[]; gateways: PaymentGatewayName[] };

export default function CheckoutPage({ locations, gateways }: Props) {
  const checkout = useCheckout();
  const { address, items, totals } = checkout;
  const location = locations.find((place) => place.id === address?.delivery_location_id);

  if (checkout.loading) return <p className="cart-loading">Loading your checkout…</p>;
  if (items.length === 0) return <EmptyCart />;
  const unreachable = !checkout.online || isNetworkFailure(checkout.addressError);
  if (checkout.addressError && !unreachable) return <p role="alert">{checkout.addressError.message}</p>;
  if (unreachable && !address) return <NeedsConnection totals={totals} />;

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
              <input type="radio" name="payment_gateway" value={name} checked={checkout.gateway === name} onChange={() => checkout.chooseGateway(name)} />
              <span>
                <strong>{GATEWAY_LABELS[name].title}</strong>
                <br />
                <span className="cart-line-options">{GATEWAY_LABELS[name].description}</span>
              </span>
            </label>
          ))}
          {checkout.gateway && isMobileMoneyGateway(checkout.gateway) && (
            <label className="field payer-phone">
              <span>{MOBILE_MONEY_MESSAGES.networkName(checkout.gateway)} number to pay from</span>
              <input
                type="tel"
                name="payment_phone"
                inputMode="tel"
                autoComplete="tel"
                value={checkout.paymentPhone}
                placeholder={checkout.gateway === 'mtn_momo' ? '077X XXX XXX' : '075X XXX XXX'}
                onChange={(event) => checkout.setPaymentPhone(event.target.value)}
              />
              <span className="cart-line-options">You approve the payment on this phone with your PIN.</span>
            </label>
          )}
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
        {!checkout.online && !checkout.problem && (
          <p className="form-problem" role="status">
            {OFFLINE_MESSAGES.checkoutNeedsConnection}
          </p>
        )}
        {checkout.problem && (
          <p className="form-problem" role="alert">
            {checkout.problem}
          </p>
        )}
        <button type="button" className="button checkout" disabled={checkout.placing || !address} onClick={() => void checkout.placeOrder()}>
          {checkout.placing ? 'Placing your order…' : `Place order · ${formatUGX(totals.total)}`}
        </button>
      </aside>
    </div>
  );
}

/** Checkout opened without a connection: the saved addresses cannot come, the cart stays as it is. */
function NeedsConnection({ totals }: { totals: ReturnType<typeof useCheckout>['totals'] }) {
  return (
    <div className="cart-page">
      <section className="panel checkout-main">
        <p className="form-problem" role="alert">
          {OFFLINE_MESSAGES.checkoutNeedsConnection}
        </p>
        <p>
          <a className="button" href="">
            Try again
          </a>{' '}
          <a href="/cart">Back to cart</a>
        </p>
      </section>
      <aside className="panel cart-side" aria-label="Order summary">
        <h2>Order summary</h2>
        <CartSummary totals={totals} />
      </aside>
    </div>
  );
}
