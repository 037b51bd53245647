/** /account/orders: every order of the buyer, newest first, ten a page, each linking to its details. */
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import type { Pagination } from '~/lib/pagination';
import type { OrderView } from '../checkout/types';
import { fillNodes } from '../fill-nodes';

type OrderRow = Pick<OrderView, 'id' | 'created_at' | 'status' | 'progress' | 'payment_status'> & {
  /** What the order costs now and what of it comes back, as its page says. */
  money: Pick<OrderView['money'], 'total' | 'refund_due' | 'refunded'>;
};

export default function OrderList() {
  const [page, setPage] = useState(1);
  const { data, error } = useSWR<Pagination<OrderRow>, Error>(`/api/orders?page=${page}`, (path: string) => apiGet<Pagination<OrderRow>>(path), {
    keepPreviousData: true,
  });
  const { t, fill, money, date, path } = islandTranslator();

  if (error) return <p role="alert">{t.account.loadFailed}</p>;
  if (!data) return <p className="cart-loading">{t.account.loadingOrders}</p>;
  if (data.total === 0) {
    return (
      <section className="account-panel">
        <p>{fillNodes(t.account.noOrders, { link: <a href={path('/products')}>{t.account.startShopping}</a> })}</p>
      </section>
    );
  }
  return (
    <section className="account-panel" aria-labelledby="orders-heading">
      <h2 id="orders-heading">{t.account.yourOrders}</h2>
      <ul className="order-list">
        {data.data.map((order) => (
          <li key={order.id}>
            <a href={path(`/account/orders/${order.id}`)}>{fill(t.account.orderNumber, { id: order.id })}</a>
            <span>{date(order.created_at)}</span>
            <span className="order-status">
              {t.checkout.orderStatuses[order.progress]} · {t.checkout.paymentStatuses[order.payment_status]}
            </span>
            <strong>{money(order.money.total)}</strong>
            {order.money.refund_due + order.money.refunded > 0 && (
              <span className="money-back">{fill(t.checkout.comesBack, { amount: money(order.money.refund_due + order.money.refunded) })}</span>
            )}
          </li>
        ))}
      </ul>
      {data.last_page > 1 && (
        <div className="button-row">
          <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.account.newerOrders}
          </button>
          <span>{fill(t.account.pageOf, { page: data.current_page, pages: data.last_page })}</span>
          <button type="button" className="button secondary" disabled={page >= data.last_page} onClick={() => setPage(page + 1)}>
            {t.account.olderOrders}
          </button>
        </div>
      )}
    </section>
  );
}
