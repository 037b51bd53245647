/**
 * Ways out of an order the buyer cannot or will not pay online now: pay on delivery instead (`offerCash`, while
 * the online payment is not through and no request waits on the phone) and cancel the order while nothing
 * has left, after saying what that does.
 */
import { useState } from 'react';
import { canBuyerCancel, canSwitchToCash } from '~/lib/order-rules';
import { islandTranslator } from '~/lib/i18n/current';
import { useOrderChoices } from './use-order-choices';
import type { OrderView } from './types';

export default function OrderChoices({ order, offerCash, onChanged }: { order: OrderView; offerCash: boolean; onChanged: (order?: OrderView) => void }) {
  const { busy, problem, choose } = useOrderChoices(order, onChanged);
  const [confirming, setConfirming] = useState(false);
  const { t, fill } = islandTranslator();
  const toCash = offerCash && canSwitchToCash(order.payment_gateway, order.payment_status, order.status);
  const cancellable = canBuyerCancel(order.parts.map((part) => part.status));
  if (!toCash && !cancellable) return null;

  return (
    <div className="order-choices">
      {confirming ? (
        <div className="cancel-confirm" role="group" aria-label={t.checkout.cancelOrder}>
          <p>{fill(t.checkout.cancelOrderConfirm, { id: order.id })}</p>
          <div className="button-row">
            <button type="button" className="button solid-danger" disabled={busy !== null} onClick={() => void choose('cancel')}>
              {busy === 'cancel' ? t.checkout.cancelling : t.checkout.yesCancel}
            </button>
            <button type="button" className="button secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
              {t.checkout.keepOrder}
            </button>
          </div>
        </div>
      ) : (
        <>
          {toCash && <p className="order-choices-lead">{t.checkout.otherWays}</p>}
          <div className="button-row">
            {toCash && (
              <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void choose('cash')}>
                {busy === 'cash' ? t.checkout.switchingToCash : t.checkout.payOnDeliveryInstead}
              </button>
            )}
            {cancellable && (
              <button type="button" className="button secondary danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
                {t.checkout.cancelOrder}
              </button>
            )}
          </div>
        </>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
