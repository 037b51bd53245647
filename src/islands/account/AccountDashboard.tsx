import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $manifest, loadManifest } from '~/stores/manifest';
import { isOrderStatus } from '~/lib/order-rules';
import { islandTranslator } from '~/lib/i18n/current';
import type { PluralForms } from '~/lib/i18n/translate';
import { useStoredUser } from './use-stored-user';
import { fillNodes } from '../fill-nodes';

/** The account home: who you are, your counts from the manifest, your latest orders. */
export default function AccountDashboard() {
  const user = useStoredUser();
  const manifest = useStore($manifest);

  useEffect(() => {
    void loadManifest();
  }, []);

  const { t, fill, count, money, date, path } = islandTranslator();
  const counts = manifest.data?.counts ?? {};
  const orders = manifest.data?.recent_orders ?? [];
  const loading = manifest.status === 'pending' || manifest.status === 'idle';
  // The plural form for the number, with the number itself left as `{count}` to be shown in bold.
  const tile = (forms: PluralForms, n = 0) => fillNodes(count(forms, n, { count: '{count}' }), { count: <strong>{n}</strong> });

  return (
    <section className="account-panel" aria-busy={loading}>
      <h2>{user?.first_name ? fill(t.account.helloName, { name: user.first_name }) : t.account.hello}</h2>
      <ul className="stat-tiles">
        <li>{tile(t.account.ordersCount, counts.total_orders)}</li>
        <li>{tile(t.account.pendingCount, counts.pending_orders)}</li>
        <li>{tile(t.account.deliveredCount, counts.completed_orders)}</li>
        <li>{tile(t.account.wishlistCount, counts.wishlist_count)}</li>
      </ul>
      <h2>{t.account.recentOrders}</h2>
      {manifest.status === 'rejected' && <p role="alert">{t.account.loadFailed}</p>}
      {!loading && orders.length === 0 && manifest.status !== 'rejected' && (
        <p>{fillNodes(t.account.noOrders, { link: <a href={path('/products')}>{t.account.startShopping}</a> })}</p>
      )}
      {orders.length > 0 && (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id}>
              <a href={path(`/account/orders/${order.id}`)}>{fill(t.account.orderNumber, { id: order.id })}</a>
              <span>{date(order.created_at)}</span>
              <span className="order-status">{isOrderStatus(order.status) ? t.checkout.orderStatuses[order.status] : order.status}</span>
              <strong>{money(order.total)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
