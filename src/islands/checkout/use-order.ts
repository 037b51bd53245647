import useSWR from 'swr';
import { apiGet } from '~/browser/api';
import type { OrderView } from './types';

/**
 * One of the buyer's orders. `checkPayment` asks the gateway first (GET orders/{id}/payment); `refreshEvery`
 * says, from the latest answer, how long until asking again (0: stop).
 */
export function useOrder(orderId: number | null, { checkPayment = false, refreshEvery = 0 as number | ((latest?: OrderView) => number) } = {}) {
  const path = checkPayment ? `/api/orders/${orderId}/payment` : `/api/orders/${orderId}`;
  return useSWR<OrderView, Error>(orderId ? path : null, (url: string) => apiGet<OrderView>(url), { revalidateOnFocus: false, refreshInterval: refreshEvery });
}

/** A record id from a page path (/payment/12) or a query (?order=12); null when it is not one. */
export function idFrom(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
