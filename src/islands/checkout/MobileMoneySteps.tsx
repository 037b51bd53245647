/**
 * Paying from a phone: while the request waits, "Approve the payment on your phone" with the time left; when
 * it failed or expired, why in plain words and a new request, to the same number or another one (a number on
 * the other network pays through it). The page asks the store for news meanwhile (OrderPage).
 */
import { useEffect, useMemo, useState } from 'react';
import { apiPost } from '~/lib/api';
import { formatUGX } from '~/lib/money';
import { isMobileMoneyGateway, localNumber } from '~/lib/mobile-money';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { showToast } from '~/stores/toasts';
import type { OrderView } from './types';

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds left to approve, counted down on the phone's clock from what the store said when it answered. */
function useSecondsLeft(order: OrderView): number | null {
  const told = order.payment?.approval_seconds_left ?? null;
  const toldAt = useMemo(() => Date.now(), [order]);
  const [now, setNow] = useState(toldAt);
  useEffect(() => {
    if (!told) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [told]);
  return told === null ? null : Math.max(0, told - Math.floor((Math.max(now, toldAt) - toldAt) / 1000));
}

export default function MobileMoneySteps({ order, onStarted }: { order: OrderView; onStarted: (order: OrderView) => void }) {
  const network = isMobileMoneyGateway(order.payment_gateway) ? order.payment_gateway : 'mtn_momo';
  const payment = order.payment;
  const askedPhone = typeof payment?.details.payer_phone === 'string' ? payment.details.payer_phone : order.customer_phone;
  const [phone, setPhone] = useState(() => localNumber(askedPhone));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(order);
  const status = order.payment_status;

  async function sendRequest(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      onStarted(await apiPost<OrderView>(`/api/orders/${order.id}/pay`, { payment_phone: phone }));
    } catch (error) {
      setProblem((error as Error).message);
      showToast((error as Error).message, 'error');
    } finally {
      setSending(false);
    }
  }

  if (status === 'COMPLETED' || order.status === 'cancelled') return null;

  if (status === 'PENDING_PAYMENT' && secondsLeft !== null && secondsLeft > 0) {
    return (
      <div className="approve-on-phone" role="status">
        <p className="approve-heading">
          <span className="approve-spinner" aria-hidden="true" />
          <strong>{MOBILE_MONEY_MESSAGES.approve}</strong>
        </p>
        <p>{MOBILE_MONEY_MESSAGES.approveHow(network, formatUGX(order.total), localNumber(askedPhone))}</p>
        <p className="cart-line-options">
          Waiting for your approval · <span className="approve-time">{minutesAndSeconds(secondsLeft)}</span> left. This page updates by itself; you can close it
          and come back.
        </p>
      </div>
    );
  }

  const why =
    status === 'PENDING_PAYMENT'
      ? MOBILE_MONEY_MESSAGES.expired
      : String(payment?.details.error ?? '') || 'The payment did not go through. You have not been charged; you can try again.';
  return (
    <form className="retry-on-phone" onSubmit={(event) => void sendRequest(event)}>
      <p className="line-notice blocking" role="alert">
        {why}
      </p>
      <label className="field">
        <span>Mobile Money number to pay from (MTN or Airtel)</span>
        <input type="tel" name="payment_phone" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
      </label>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending the request…' : `Send a new request for ${formatUGX(order.total)}`}
      </button>
    </form>
  );
}
