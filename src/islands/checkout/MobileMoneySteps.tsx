/**
 * Paying from a phone: while the request waits, "Approve the payment on your phone" with the time left; when
 * it failed or expired, why in plain words and a new request, to the same number or another one (a number on
 * the other network pays through it). The page asks the store for news meanwhile (OrderPage).
 */
import { useEffect, useMemo, useState } from 'react';
import { apiPost } from '~/browser/api';
import { isMobileMoneyGateway, localNumber } from '~/lib/mobile-money';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { islandTranslator } from '~/lib/i18n/current';
import { showToast } from '~/stores/toasts';
import { fillNodes } from '../fill-nodes';
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

/** `onChanged` takes the order a new request gave, or asks the store again when the request was refused (another window may have sent one). */
export default function MobileMoneySteps({ order, onChanged }: { order: OrderView; onChanged: (order?: OrderView) => void }) {
  const network = isMobileMoneyGateway(order.payment_gateway) ? order.payment_gateway : 'mtn_momo';
  const payment = order.payment;
  const askedPhone = typeof payment?.details.payer_phone === 'string' ? payment.details.payer_phone : order.customer_phone;
  const [phone, setPhone] = useState(() => localNumber(askedPhone));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(order);
  const status = order.payment_status;
  const { t, fill, money } = islandTranslator();

  async function sendRequest(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      onChanged(await apiPost<OrderView>(`/api/orders/${order.id}/pay`, { payment_phone: phone }));
    } catch (error) {
      setProblem((error as Error).message);
      showToast((error as Error).message, 'error');
      onChanged();
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
          <strong>{t.checkout.approve}</strong>
        </p>
        <p>
          {fill(t.checkout.approveHow, { amount: money(order.total), phone: localNumber(askedPhone), network: MOBILE_MONEY_MESSAGES.networkName(network) })}
        </p>
        <p className="cart-line-options">
          {fillNodes(t.checkout.waitingForApproval, { time: <span className="approve-time">{minutesAndSeconds(secondsLeft)}</span> })}
        </p>
      </div>
    );
  }

  const why = status === 'PENDING_PAYMENT' ? t.checkout.expired : String(payment?.details.error ?? '') || t.checkout.notThrough;
  return (
    <form className="retry-on-phone" onSubmit={(event) => void sendRequest(event)}>
      <p className="line-notice blocking" role="alert">
        {why}
      </p>
      <label className="field">
        <span>{t.checkout.anyNumberToPayFrom}</span>
        <input type="tel" name="payment_phone" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
      </label>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? t.checkout.sendingRequest : fill(t.checkout.sendNewRequest, { total: money(order.total) })}
      </button>
    </form>
  );
}
