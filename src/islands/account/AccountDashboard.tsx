import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $manifest, loadManifest } from '~/stores/manifest';
import { formatUGX } from '~/lib/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '~/lib/order-rules';
import { useStoredUser } from './use-stored-user';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';

/** The account home: who you are, your counts from the manifest, your latest orders. */
export default function AccountDashboard() {
  const user = useStoredUser();
  const manifest = useStore($manifest);

  useEffect(() => {
    void loadManifest();
  }, []);

  const counts = manifest.data?.counts ?? {};
  const orders = manifest.data?.recent_orders ?? [];
  const loading = manifest.status === 'pending' || manifest.status === 'idle';

  return (
    <section className="account-panel" aria-busy={loading}>
      <h2>Hello{user ? `, ${user.first_name}` : ''}</h2>
      <ul className="stat-tiles">
        <li>
          <strong>{counts.total_orders ?? 0}</strong> orders
        </li>
        <li>
          <strong>{counts.pending_orders ?? 0}</strong> pending
        </li>
        <li>
          <strong>{counts.completed_orders ?? 0}</strong> delivered
        </li>
        <li>
          <strong>{counts.wishlist_count ?? 0}</strong> in your wishlist
        </li>
      </ul>
      <h2>Recent orders</h2>
      {manifest.status === 'rejected' && <p role="alert">{ORDER_MESSAGES.loadFailed}</p>}
      {!loading && orders.length === 0 && manifest.status !== 'rejected' && (
        <p>
          You have not placed an order yet. <a href="/products">Start shopping</a>
        </p>
      )}
      {orders.length > 0 && (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id}>
              <a href={`/account/orders/${order.id}`}>Order #{order.id}</a>
              <span>{new Date(order.created_at).toLocaleDateString('en-GB')}</span>
              <span className="order-status">{ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}</span>
              <strong>{formatUGX(order.total)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
