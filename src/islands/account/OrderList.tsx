/** /account/orders: every order of the buyer, newest first, ten a page, each linking to its details. */
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '~/lib/api';
import { formatUGX } from '~/lib/money';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '~/lib/order-rules';
import type { Pagination } from '~/lib/pagination';
import type { OrderView } from '../checkout/types';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';

type OrderRow = Pick<OrderView, 'id' | 'created_at' | 'status' | 'payment_status' | 'total'>;

export default function OrderList() {
  const [page, setPage] = useState(1);
  const { data, error } = useSWR<Pagination<OrderRow>, Error>(`/api/orders?page=${page}`, (path: string) => apiGet<Pagination<OrderRow>>(path), {
    keepPreviousData: true,
  });

  if (error) return <p role="alert">{ORDER_MESSAGES.loadFailed}</p>;
  if (!data) return <p className="cart-loading">Loading your orders…</p>;
  if (data.total === 0) {
    return (
      <section className="account-panel">
        <p>
          You have not placed an order yet. <a href="/products">Start shopping</a>
        </p>
      </section>
    );
  }
  return (
    <section className="account-panel" aria-labelledby="orders-heading">
      <h2 id="orders-heading">Your orders</h2>
      <ul className="order-list">
        {data.data.map((order) => (
          <li key={order.id}>
            <a href={`/account/orders/${order.id}`}>Order #{order.id}</a>
            <span>{new Date(order.created_at).toLocaleDateString('en-GB')}</span>
            <span className="order-status">
              {ORDER_STATUS_LABELS[order.status]} · {PAYMENT_STATUS_LABELS[order.payment_status]}
            </span>
            <strong>{formatUGX(order.total)}</strong>
          </li>
        ))}
      </ul>
      {data.last_page > 1 && (
        <div className="button-row">
          <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer orders
          </button>
          <span>
            Page {data.current_page} of {data.last_page}
          </span>
          <button type="button" className="button secondary" disabled={page >= data.last_page} onClick={() => setPage(page + 1)}>
            Older orders
          </button>
        </div>
      )}
    </section>
  );
}
