/**
 * One order for its buyer: /order-success (just placed), /payment/{id} (how to pay), /payment/callback/{id}
 * (back from the gateway: asks it how the payment went, and asks again while it is still open) and
 * /account/orders/{id} (items, delivery, payment and the timeline).
 */
import { useState } from 'react';
import { formatUGX } from '~/lib/money';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '~/lib/order-rules';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';
import { isMobileMoneyGateway } from '~/lib/mobile-money';
import { useHydrated } from '../use-hydrated';
import OrderSummary from './OrderSummary';
import PartReturns from './PartReturns';
import PaymentPanel from './PaymentPanel';
import { idFrom, useOrder } from './use-order';
import type { OrderView } from './types';

type Mode = 'success' | 'payment' | 'callback' | 'details';

const CHECK_EVERY_MS = 3000;
const KEEP_CHECKING_MS = 60_000;
/** A mobile money request past its approval window is still asked about now and then: a late approval still counts. */
const CHECK_LATE_EVERY_MS = 15_000;

const HEADINGS: Record<Mode, (id: number) => string> = {
  success: (id) => `Thank you! Order #${id} is placed`,
  payment: (id) => `Pay for order #${id}`,
  callback: (id) => `Payment for order #${id}`,
  details: (id) => `Order #${id}`,
};

function eventLabel({ status, note }: { status: string; note: string }): string {
  // A change to one vendor's part of the order or a refund: its note says what happened.
  if (status.startsWith('part:') || status.startsWith('lines:') || status.startsWith('refund:') || status.startsWith('return:')) return note;
  if (status.startsWith('payment:')) return PAYMENT_STATUS_LABELS[status.slice('payment:'.length) as PaymentStatus] ?? status;
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

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

export default function OrderPage({ mode }: { mode: Mode }) {
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

  if (!hydrated || (!order && !error)) return <p className="cart-loading">Loading your order…</p>;
  if (!orderId || (error && !order)) {
    return (
      <div className="panel cart-empty">
        <p role="alert">{error?.message ?? ORDER_MESSAGES.notFound}</p>
        <a className="button" href="/account/orders">
          Your orders
        </a>
      </div>
    );
  }
  if (!order) return null;

  return (
    <div className="order-page">
      <h1>{HEADINGS[mode](order.id)}</h1>
      {error && (
        <p className="line-notice" role="status">
          The store cannot be reached just now (check your connection). This page keeps trying.
        </p>
      )}
      {mode === 'callback' && (
        <p className={`callback-result ${order.payment_status.toLowerCase()}`} role="status">
          {order.payment_status === 'COMPLETED' && `Payment received: ${formatUGX(order.total)}. Thank you!`}
          {order.payment_status === 'FAILED' && 'The payment did not go through. You have not been charged; you can try again below.'}
          {order.payment_status === 'CANCELLED' && 'The payment was cancelled. You can try again below.'}
          {order.payment_status === 'PENDING_PAYMENT' &&
            (waiting
              ? 'Waiting for the payment to be confirmed… (Mobile Money can take a minute: approve it on your phone)'
              : 'The payment is not confirmed yet. Check again in a moment.')}
        </p>
      )}
      {mode === 'callback' && order.payment_status === 'PENDING_PAYMENT' && !waiting && (
        <button type="button" className="button secondary" onClick={() => void mutate()}>
          Check again
        </button>
      )}
      <div className="cart-page">
        <div className="checkout-main">
          <PaymentPanel order={order} onChanged={(changed) => void (changed ? mutate(changed, { revalidate: false }) : mutate())} />
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">Items</h2>
            <OrderSummary
              order={order}
              partExtra={mode === 'details' ? (part) => <PartReturns order={order} part={part} onChanged={() => void mutate()} /> : undefined}
            />
          </section>
        </div>
        <aside className="panel cart-side" aria-label="Delivery">
          <h2>Delivery</h2>
          <p>
            <strong>{order.customer_name}</strong> · {order.customer_phone}
            <br />
            {order.delivery_address}
            {order.delivery_location && `, ${order.delivery_location.name}`}
          </p>
          <p>
            Status: <strong>{order.status_label}</strong>
          </p>
          {mode === 'details' && order.events.length > 0 && (
            <ol className="timeline" aria-label="Timeline">
              {order.events.map((event, i) => (
                <li key={i}>
                  <strong>{eventLabel(event)}</strong>
                  <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </li>
              ))}
            </ol>
          )}
          {mode !== 'details' && <a href={`/account/orders/${order.id}`}>Order details</a>}
          <a href="/products">Continue shopping</a>
        </aside>
      </div>
    </div>
  );
}
