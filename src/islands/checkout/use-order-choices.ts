import { useState } from 'react';
import { apiPost } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import { showToast } from '~/stores/toasts';
import type { OrderView } from './types';

export type OrderChoice = 'cash' | 'cancel';

/**
 * The buyer's ways out of an order whose online payment did not go through: pay on delivery instead, or cancel
 * it. Each asks the store and hands the order it answers to `onChanged`; a refusal (the payment landed
 * meanwhile, a part has left) is said, and the order asked for again so the page shows why.
 */
export function useOrderChoices(order: OrderView, onChanged: (order?: OrderView) => void) {
  const [busy, setBusy] = useState<OrderChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(choice: OrderChoice) {
    const { t } = islandTranslator();
    setBusy(choice);
    setProblem(null);
    try {
      const updated =
        choice === 'cash'
          ? await apiPost<OrderView>(`/api/orders/${order.id}/pay`, { payment_gateway: 'cash_on_delivery' })
          : await apiPost<OrderView>(`/api/orders/${order.id}/cancel`, {});
      showToast(choice === 'cash' ? t.checkout.switchedToCash : t.checkout.orderCancelled, 'success');
      onChanged(updated);
    } catch (error) {
      setProblem((error as Error).message);
      onChanged();
    } finally {
      setBusy(null);
    }
  }

  return { busy, problem, choose };
}
