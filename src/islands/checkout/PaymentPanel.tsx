/**
 * How an order is paid: its status, what to do next (pay online, send money by hand, pay the rider)
 * and a Pay now / Try again button for online payments still open (the approval steps for mobile money).
 */
import { useState } from 'react';
import { apiPost } from '~/lib/api';
import { canPayOnline, GATEWAY_LABELS, PAYMENT_STATUS_LABELS } from '~/lib/order-rules';
import { MANUAL_PAYMENT } from '~/lib/store';
import { formatUGX } from '~/lib/money';
import { showToast } from '~/stores/toasts';
import { isMobileMoneyGateway } from '~/lib/mobile-money';
import MobileMoneySteps from './MobileMoneySteps';
import type { OrderView } from './types';

async function payOnline(order: OrderView): Promise<string | null> {
  try {
    const updated = await apiPost<OrderView>(`/api/orders/${order.id}/pay`, {});
    if (updated.payment?.redirect_url) {
      window.location.assign(updated.payment.redirect_url);
      return null;
    }
    return String(updated.payment?.details.error ?? 'The payment could not be started. Please try again.');
  } catch (error) {
    return (error as Error).message;
  }
}

export default function PaymentPanel({ order, onStarted }: { order: OrderView; onStarted: (order: OrderView) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payment = order.payment;
  const status = order.payment_status;
  const byPhone = isMobileMoneyGateway(order.payment_gateway);
  const openOnline = canPayOnline(order.payment_gateway, status, order.status) && !byPhone;
  const gatewayError = payment && status === 'FAILED' ? String(payment.details.error ?? '') : '';

  async function onPay() {
    setBusy(true);
    const error = await payOnline(order);
    setBusy(false);
    setProblem(error);
    if (error) showToast(error, 'error');
  }

  return (
    <section className="panel payment-panel" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <p>
        {GATEWAY_LABELS[order.payment_gateway].title}: <strong className={`payment-status ${status.toLowerCase()}`}>{PAYMENT_STATUS_LABELS[status]}</strong>
      </p>
      {order.payment_gateway === 'cash_on_delivery' && status === 'PAY_ON_DELIVERY' && (
        <p>Pay when your order is delivered to you: {formatUGX(order.total)} in cash or Mobile Money to the rider.</p>
      )}
      {order.payment_gateway === 'manual' && status === 'PENDING_PAYMENT' && (
        <div className="instructions">
          <p>
            Send <strong>{formatUGX(order.total)}</strong> with the reference{' '}
            <strong>{String(payment?.details.reference ?? `${MANUAL_PAYMENT.referencePrefix}-${order.id}`)}</strong> to one of:
          </p>
          <ul>
            {MANUAL_PAYMENT.mobileMoney.map((account) => (
              <li key={account.network}>
                {account.network}: <strong>{account.number}</strong> ({account.name})
              </li>
            ))}
            <li>
              {MANUAL_PAYMENT.bank.bank}, {MANUAL_PAYMENT.bank.branch}: account <strong>{MANUAL_PAYMENT.bank.account}</strong> ({MANUAL_PAYMENT.bank.name})
            </li>
          </ul>
          <p>We send your order as soon as the money arrives; this page then shows it as paid.</p>
        </div>
      )}
      {byPhone && <MobileMoneySteps order={order} onStarted={onStarted} />}
      {gatewayError && !byPhone && <p className="line-notice blocking">{gatewayError}</p>}
      {problem && !gatewayError && (
        <p className="line-notice blocking" role="alert">
          {problem}
        </p>
      )}
      {openOnline && (
        <button type="button" className="button" disabled={busy} onClick={() => void onPay()}>
          {busy ? 'Opening the payment page…' : status === 'PENDING_PAYMENT' ? `Pay ${formatUGX(order.total)} now` : 'Try again'}
        </button>
      )}
    </section>
  );
}
