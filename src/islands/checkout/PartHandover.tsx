/**
 * The handover of one part on the buyer's order page: on its way, the code the buyer gives the rider; delivered
 * without it, "I received it" / "I did not receive it" while the buyer may still say so; said not received, that
 * the store is looking into it.
 */
import { useState } from 'react';
import { apiPost } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import { showToast } from '~/stores/toasts';
import { fillNodes } from '../fill-nodes';
import type { OrderPartView, OrderView } from './types';

type Answer = 'received' | 'not-received';

export default function PartHandover({ order, part, onChanged }: { order: OrderView; part: OrderPartView; onChanged: (order?: OrderView) => void }) {
  const [busy, setBusy] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = islandTranslator();

  async function answer(said: Answer) {
    setBusy(said);
    setProblem(null);
    try {
      const updated = await apiPost<OrderView>(`/api/orders/${order.id}/parts/${part.id}/${said}`, {});
      showToast(said === 'received' ? t.checkout.receivedThanks : t.checkout.notReceivedNoted, 'success');
      onChanged(updated);
    } catch (error) {
      // Refused (the days to say so passed, or it was said already elsewhere): the order is read again to show why.
      setProblem((error as Error).message);
      showToast((error as Error).message, 'error');
      onChanged();
    } finally {
      setBusy(null);
    }
  }

  if (part.status === 'shipped' && part.handover_code) {
    return (
      <div className="part-handover">
        <p>{fillNodes(t.checkout.handoverCode, { code: <strong className="handover-code">{part.handover_code}</strong> })}</p>
        <p className="muted">{t.checkout.handoverCodeWhen}</p>
      </div>
    );
  }
  if (part.status === 'delivered' && part.dispute === 'open') {
    return (
      <p className="part-handover disputed" role="status">
        {t.checkout.disputeOpen}
      </p>
    );
  }
  if (!part.may_dispute) return null;
  return (
    <div className="part-handover" role="group" aria-label={t.checkout.didItArrive}>
      <p>{t.checkout.didItArrive}</p>
      <div className="button-row">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void answer('received')}>
          {busy === 'received' ? t.checkout.sending : t.checkout.receivedIt}
        </button>
        <button type="button" className="button secondary danger" disabled={busy !== null} onClick={() => void answer('not-received')}>
          {busy === 'not-received' ? t.checkout.sending : t.checkout.notReceivedIt}
        </button>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
