import useSWR from 'swr';
import { apiGet } from '~/lib/api';
import type { OrderView } from './types';

/** One of the buyer's orders; `path` may ask for a payment check first (GET orders/{id}/payment). */
export function useOrder(orderId: number | null, path = `/api/orders/${orderId}`) {
  return useSWR<OrderView, Error>(orderId ? path : null, (url: string) => apiGet<OrderView>(url), { revalidateOnFocus: false });
}

/** A record id from a page path (/payment/12) or a query (?order=12); null when it is not one. */
export function idFrom(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
