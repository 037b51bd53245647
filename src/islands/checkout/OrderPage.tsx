/**
 * One order for its buyer: /order-success (just placed), /payment/{id} (how to pay), /payment/callback/{id}
 * (back from the gateway: asks it how the payment went, and asks again while it is still open) and
 * /account/orders/{id} (items, delivery, payment and the timeline).
 */
import { useState } from 'react';
import { isMobileMoneyGateway, localNumber } from '~/lib/mobile-money';
import { islandTranslator } from '~/lib/i18n/current';
import type { IslandTexts } from '~/lib/i18n/en/islands';
import { useHydrated } from '../use-hydrated';
import OrderSummary from './OrderSummary';
import { catalogueName, ENGLISH_NAMES, type CatalogueNames } from '~/lib/catalogue-names';
import PartReturns from '~/islands/returns/PartReturns';
import PartHandover from './PartHandover';
import PaymentPanel from './PaymentPanel';
import { idFrom, useOrder } from './use-order';
import { orderProgressWords } from './order-words';
import ThankYou, { deliveryEstimate } from './ThankYou';
import { fillNodes } from '../fill-nodes';
import type { OrderView } from './types';

type Mode = 'success' | 'payment' | 'callback' | 'details';

const CHECK_EVERY_MS = 3000;
const KEEP_CHECKING_MS = 60_000;
/** A mobile money request past its approval window is still asked about now and then: a late approval still counts. */
const CHECK_LATE_EVERY_MS = 15_000;

/** Each page's heading among the checkout texts: `{id}` is the order's number. */
const HEADINGS: Record<Mode, (texts: IslandTexts['checkout']) => string> = {
  success: (texts) => texts.thankYou,
  payment: (texts) => texts.payForOrder,
  callback: (texts) => texts.paymentForOrder,
  details: (texts) => texts.orderNumber,
};

/** How often to ask about a mobile money request still waiting: often while it can be approved, now and then after. */
function phoneRequestCheckEvery(latest?: OrderView): number {
  if (!latest || !isMobileMoneyGateway(latest.payment_gateway) || latest.payment_status !== 'PENDING_PAYMENT') return 0;
  return (latest.payment?.approval_seconds_left ?? 0) > 0 ? CHECK_EVERY_MS : CHECK_LATE_EVERY_MS;
}

/** Reads the order id from the page: the last path segment, or ?order= on the success page. */
function orderIdOnPage(mode: Mode): number | null {
  if (mode === 'success') return idFrom(new URLSearchParams(window.location.search).get('order'));
  return idFrom(window.location.pathname.split('/').filter(Boolean).at(-1));
}

/** `names`: how the page's language says the lines' colours, sizes and options. */
export default function OrderPage({ mode, names }: { mode: Mode; names?: CatalogueNames }) {
  const hydrated = useHydrated();
  const orderId = hydrated ? orderIdOnPage(mode) : null;
  const [openedAt] = useState(Date.now);
  // Back from the gateway, a Mobile Money payment may still be waiting for the buyer's approval: ask again for a while.
  const stillWaiting = (latest?: OrderView) => mode === 'callback' && latest?.payment_status === 'PENDING_PAYMENT' && Date.now() - openedAt < KEEP_CHECKING_MS;
  const {
    data: order,
    error,
    mutate,
  } = useOrder(orderId, {
    // Paying from a phone, the payment page asks the network through the store until the request is answered.
    checkPayment: mode === 'callback' || mode === 'payment',
    refreshEvery: (latest) => (stillWaiting(latest) ? CHECK_EVERY_MS : phoneRequestCheckEvery(latest)),
  });
  const waiting = stillWaiting(order);
  const { t, fill, money, dateTime, path } = islandTranslator();

  if (!hydrated || (!order && !error)) return <p className="cart-loading">{t.checkout.loadingOrder}</p>;
  if (!orderId || (error && !order)) {
    return (
      <div className="panel cart-empty">
        <p role="alert">{error?.message ?? t.checkout.orderNotFound}</p>
        <a className="button" href={path('/account/orders')}>
          {t.checkout.yourOrders}
        </a>
      </div>
    );
  }
  if (!order) return null;

  // Paid, or to be paid on delivery: every way of paying ends on the same thank-you as cash on delivery. A transfer
  // still to be sent is thanked for too, but what happens next waits for its money (the payment panel says so).
  const settled = order.payment_status === 'COMPLETED' || order.payment_status === 'PAY_ON_DELIVERY';
  const thanked = mode === 'success' || (mode !== 'details' && settled);
  const estimate = order.status !== 'delivered' && order.status !== 'cancelled' ? deliveryEstimate(order.delivery_location) : null;

  return (
    <div className="order-page">
      <h1>{fill(order.status === 'cancelled' ? t.checkout.cancelledOrder : (thanked ? HEADINGS.success : HEADINGS[mode])(t.checkout), { id: order.id })}</h1>
      {error && (
        <p className="line-notice" role="status">
          {t.checkout.unreachable}
        </p>
      )}
      {mode === 'callback' && (
        <p className={`callback-result ${order.payment_status.toLowerCase()}`} role="status">
          {order.payment_status === 'COMPLETED' && fill(t.checkout.paymentReceived, { total: money(order.total) })}
          {order.payment_status === 'FAILED' && t.checkout.paymentFailed}
          {order.payment_status === 'CANCELLED' && t.checkout.paymentCancelled}
          {order.payment_status === 'PENDING_PAYMENT' && (waiting ? t.checkout.waitingForPayment : t.checkout.notConfirmedYet)}
        </p>
      )}
      {mode === 'callback' && order.payment_status === 'PENDING_PAYMENT' && !waiting && (
        <button type="button" className="button secondary" onClick={() => void mutate()}>
          {t.checkout.checkAgain}
        </button>
      )}
      {thanked && settled && order.status !== 'cancelled' && <ThankYou order={order} saysPaid={mode !== 'callback'} names={names} />}
      <div className="cart-page">
        <div className="checkout-main">
          <PaymentPanel order={order} onChanged={(changed) => void (changed ? mutate(changed, { revalidate: false }) : mutate())} />
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t.checkout.items}</h2>
            <OrderSummary
              order={order}
              names={names}
              partExtra={(part) => (
                <>
                  <PartHandover order={order} part={part} onChanged={(changed) => void (changed ? mutate(changed, { revalidate: false }) : mutate())} />
                  {mode === 'details' && <PartReturns order={order} part={part} onChanged={() => void mutate()} />}
                </>
              )}
            />
          </section>
        </div>
        <aside className="panel cart-side" aria-label={t.checkout.delivery}>
          <h2>{t.checkout.delivery}</h2>
          <p>
            <strong>{order.customer_name}</strong> · {localNumber(order.customer_phone)}
            <br />
            {order.delivery_address}
            {order.delivery_location && `, ${catalogueName(names ?? ENGLISH_NAMES, 'region', order.delivery_location.name)}`}
            {estimate && (
              <>
                <br />
                <strong className="delivery-estimate">{estimate}</strong>
              </>
            )}
          </p>
          <p>
            {fillNodes(t.checkout.status, {
              status: <strong>{order.cancel_reason ? t.checkout.cancelReasons[order.cancel_reason] : orderProgressWords(order)}</strong>,
            })}
          </p>
          {mode === 'details' && order.events.length > 0 && (
            <ol className="timeline" aria-label={t.checkout.timeline}>
              {order.events.map((event, i) => (
                <li key={i}>
                  <strong>{event.note}</strong>
                  <time dateTime={event.created_at}>{dateTime(event.created_at)}</time>
                </li>
              ))}
            </ol>
          )}
          {mode !== 'details' && <a href={path(`/account/orders/${order.id}`)}>{t.checkout.orderDetails}</a>}
          <a href={path('/products')}>{t.checkout.continueShopping}</a>
        </aside>
      </div>
    </div>
  );
}
