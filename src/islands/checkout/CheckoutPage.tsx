/**
 * /checkout: where it goes, what is in it (from the cart), the total in UGX and how to pay. Its state and
 * placing the order live in use-checkout.ts.
 */
import { lineOptions } from '~/lib/cart';
import { type PaymentGatewayName } from '~/lib/order-rules';
import { isMobileMoneyGateway, localNumber } from '~/lib/mobile-money';
import { isNetworkFailure } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import CartSummary from '../cart/CartSummary';
import EmptyCart from '../cart/EmptyCart';
import type { DeliveryLocationOption } from './types';
import type { CatalogueNames } from '~/lib/catalogue-names';

import { useCheckout } from './use-checkout';
import WaysToPay from './WaysToPay';
import { payerPhoneWords } from './payer-phone-words';

/** `names`: how the page's language says the lines' colours, sizes and options. */
type Props = { locations: DeliveryLocationOption[]; gateways: PaymentGatewayName[]; names?: CatalogueNames };

export default function CheckoutPage({ locations, gateways, names }: Props) {
  const checkout = useCheckout();
  const { address, items, totals } = checkout;
  const location = locations.find((place) => place.id === address?.delivery_location_id);
  const { t, fill, money, path } = islandTranslator();
  // The number the request to pay goes to, once it is one the network takes: said again beside Place order.
  const payingFrom =
    checkout.gateway && isMobileMoneyGateway(checkout.gateway) && !payerPhoneWords(checkout.gateway, checkout.paymentPhone)
      ? localNumber(checkout.paymentPhone)
      : null;

  if (checkout.loading) return <p className="cart-loading">{t.checkout.loadingCheckout}</p>;
  if (items.length === 0) return <EmptyCart />;
  const unreachable = !checkout.online || isNetworkFailure(checkout.addressError);
  if (checkout.addressError && !unreachable) return <p role="alert">{checkout.addressError.message}</p>;
  if (unreachable && !address) return <NeedsConnection totals={totals} />;

  return (
    <div className="cart-page checkout-page">
      <div className="checkout-main">
        <section className="panel" aria-labelledby="deliver-heading">
          <h2 id="deliver-heading">{t.checkout.delivery}</h2>
          {address && (
            <p>
              <strong>{address.name}</strong> · {localNumber(address.phone)}
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
          <a href={path('/delivery-address')}>{t.checkout.changeAddress}</a>
        </section>
        <WaysToPay offered={gateways} checkout={checkout} />
        <section className="panel" aria-labelledby="items-heading">
          <h2 id="items-heading">{t.checkout.items}</h2>
          <ul className="checkout-items">
            {items.map((item) => (
              <li key={item.id}>
                <span>
                  {item.product_quantity} × {item.product_name}
                  {lineOptions(item) && <span className="cart-line-options"> ({lineOptions(item, names)})</span>}
                </span>
                <strong>{money(Number(item.product_price_1) * item.product_quantity)}</strong>
              </li>
            ))}
          </ul>
          <a href={path('/cart')}>{t.checkout.editCart}</a>
        </section>
      </div>
      <aside className="panel cart-side" aria-label={t.cart.orderSummary}>
        <h2>{t.cart.orderSummary}</h2>
        <CartSummary totals={totals} />
        <div className="place-order-bar">
          {!checkout.online && !checkout.problem && (
            <p className="form-problem" role="status">
              {t.checkout.needsConnection}
            </p>
          )}
          {checkout.problem && (
            <p className="form-problem" role="alert">
              {checkout.problem}
            </p>
          )}
          {payingFrom && <p className="paying-from">{fill(t.checkout.payFrom, { total: money(totals.total), phone: payingFrom })}</p>}
          <button type="button" className="button checkout" disabled={checkout.placing || !address} onClick={() => void checkout.placeOrder()}>
            {checkout.placing ? t.checkout.placingOrder : fill(t.checkout.placeOrder, { total: money(totals.total) })}
          </button>
        </div>
      </aside>
    </div>
  );
}

/** Checkout opened without a connection: the saved addresses cannot come, the cart stays as it is. */
function NeedsConnection({ totals }: { totals: ReturnType<typeof useCheckout>['totals'] }) {
  const { t, path } = islandTranslator();
  return (
    <div className="cart-page">
      <section className="panel checkout-main">
        <p className="form-problem" role="alert">
          {t.checkout.needsConnection}
        </p>
        <p>
          <a className="button" href="">
            {t.checkout.tryAgain}
          </a>{' '}
          <a href={path('/cart')}>{t.checkout.backToCart}</a>
        </p>
      </section>
      <aside className="panel cart-side" aria-label={t.cart.orderSummary}>
        <h2>{t.cart.orderSummary}</h2>
        <CartSummary totals={totals} />
      </aside>
    </div>
  );
}
