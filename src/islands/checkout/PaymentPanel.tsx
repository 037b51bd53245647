/**
 * How an order is paid: its status, what to do next (pay online, send money by hand, pay the rider), a Pay
 * now / Try again button for online payments still open (the approval steps for mobile money), and the ways
 * out of a payment that did not go through: pay on delivery instead, or cancel.
 */
import { useState } from 'react';
import { apiPost } from '~/browser/api';
import { canPayOnline } from '~/lib/order-rules';
import { MANUAL_PAYMENT } from '~/lib/store';
import { islandTranslator } from '~/lib/i18n/current';
import { showToast } from '~/stores/toasts';
import { isMobileMoneyGateway } from '~/lib/mobile-money';
import { fillNodes } from '../fill-nodes';
import MobileMoneySteps from './MobileMoneySteps';
import OrderChoices from './OrderChoices';
import type { OrderView } from './types';

async function payOnline(order: OrderView): Promise<string | null> {
  try {
    const updated = await apiPost<OrderView>(`/api/orders/${order.id}/pay`, {});
    if (updated.payment?.redirect_url) {
      window.location.assign(updated.payment.redirect_url);
      return null;
    }
    return String(updated.payment?.details.error ?? islandTranslator().t.checkout.paymentNotStarted);
  } catch (error) {
    return (error as Error).message;
  }
}

export default function PaymentPanel({ order, onChanged }: { order: OrderView; onChanged: (order?: OrderView) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { t, fill, money, dateTime } = islandTranslator();
  const payment = order.payment;
  const status = order.payment_status;
  const byPhone = isMobileMoneyGateway(order.payment_gateway);
  const openOnline = canPayOnline(order.payment_gateway, status, order.status) && !byPhone;
  const gatewayError = payment && status === 'FAILED' ? String(payment.details.error ?? '') : '';
  // A request the phone can still approve blocks paying on delivery instead (the store would refuse it).
  const waitingOnPhone = byPhone && status === 'PENDING_PAYMENT' && (payment?.approval_seconds_left ?? 0) > 0;
  const { bank } = MANUAL_PAYMENT;

  async function onPay() {
    setBusy(true);
    const error = await payOnline(order);
    setBusy(false);
    setProblem(error);
    if (error) showToast(error, 'error');
  }

  return (
    <section className="panel payment-panel" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t.checkout.payment}</h2>
      <p>
        {t.checkout.gateways[order.payment_gateway].title}:{' '}
        <strong className={`payment-status ${status.toLowerCase()}`}>{t.checkout.paymentStatuses[status]}</strong>
      </p>
      {status === 'PAY_ON_DELIVERY' && order.money.to_pay_on_delivery > 0 && (
        <p>{fill(t.checkout.payTheRider, { total: money(order.money.to_pay_on_delivery) })}</p>
      )}
      {order.payment_gateway === 'manual' && status === 'PENDING_PAYMENT' && (
        <div className="instructions">
          <p>
            {fillNodes(t.checkout.sendManually, {
              amount: <strong>{money(order.total)}</strong>,
              reference: <strong>{String(payment?.details.reference ?? `${MANUAL_PAYMENT.referencePrefix}-${order.id}`)}</strong>,
            })}
          </p>
          <ul>
            {MANUAL_PAYMENT.mobileMoney.map((account) => (
              <li key={account.network}>
                {account.network}: <strong>{account.number}</strong> ({account.name})
              </li>
            ))}
            <li>{fillNodes(t.checkout.bankAccount, { bank: bank.bank, branch: bank.branch, account: <strong>{bank.account}</strong>, name: bank.name })}</li>
          </ul>
          <p>{t.checkout.sentWhenPaid}</p>
        </div>
      )}
      {order.held_until && <p className="held-until">{fill(t.checkout.heldUntil, { time: dateTime(order.held_until) })}</p>}
      {byPhone && <MobileMoneySteps order={order} onChanged={onChanged} />}
      {gatewayError && !byPhone && <p className="line-notice blocking">{gatewayError}</p>}
      {problem && !gatewayError && (
        <p className="line-notice blocking" role="alert">
          {problem}
        </p>
      )}
      {openOnline && (
        <button type="button" className="button" disabled={busy} onClick={() => void onPay()}>
          {busy ? t.checkout.openingPaymentPage : status === 'PENDING_PAYMENT' ? fill(t.checkout.payNow, { total: money(order.total) }) : t.checkout.tryAgain}
        </button>
      )}
      <OrderChoices order={order} offerCash={!waitingOnPhone} onChanged={onChanged} />
    </section>
  );
}
