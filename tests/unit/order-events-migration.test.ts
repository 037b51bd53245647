/**
 * The migration that turns the timeline's English notes into kinds and values (0024) keeps every entry a store
 * wrote before it: each old status code and note, as the store wrote them, becomes the kind and values that say
 * the same words again in English.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from '../processes/migrations-before';
import { sayOrderEvent } from '~/lib/order-event-words';
import type { OrderEventEntry } from '~/lib/order-events';

const MIGRATIONS = path.resolve('src/server/db/migrations');

/** Entries in the old shape, each as one of the store's writers wrote it, with what it becomes. */
const OLD_ENTRIES: { status: string; note: string; becomes: OrderEventEntry }[] = [
  { status: 'pending', note: 'Order placed', becomes: { kind: 'order', values: { status: 'pending' } } },
  { status: 'payment:PAY_ON_DELIVERY', note: 'Pay on delivery', becomes: { kind: 'payment', values: { status: 'PAY_ON_DELIVERY' } } },
  {
    status: 'lines:processing',
    note: 'Being prepared: Kakira Sugar 1kg, Tea leaves',
    becomes: { kind: 'lines', values: { status: 'processing', items: ['Kakira Sugar 1kg', 'Tea leaves'] } },
  },
  {
    status: 'part:shipped',
    note: 'On the way: Nakasero Traders (Tecno Spark 20 (128GB), Tea leaves)',
    becomes: { kind: 'part', values: { status: 'shipped', vendor: 'Nakasero Traders', items: ['Tecno Spark 20 (128GB)', 'Tea leaves'] } },
  },
  { status: 'delivered', note: 'Delivered', becomes: { kind: 'order', values: { status: 'delivered' } } },
  {
    status: 'return:requested',
    note: 'Return requested: 2 × Bell Lager 500ml, 1 × Rice, Basmati 5kg',
    becomes: {
      kind: 'return_requested',
      values: {
        lines: [
          { name: 'Bell Lager 500ml', quantity: 2 },
          { name: 'Rice, Basmati 5kg', quantity: 1 },
        ],
      },
    },
  },
  {
    status: 'return:received',
    note: 'Items received: refund on the way (return #12)',
    becomes: { kind: 'return_step', values: { status: 'received', return_id: 12 } },
  },
  { status: 'refund:due', note: 'Refund due: UGX 1,212,500', becomes: { kind: 'refund_due', values: { amount: 1_212_500 } } },
  { status: 'refund:refunded', note: 'Refunded: UGX 900', becomes: { kind: 'refunded', values: { amount: 900 } } },
  { status: 'cancelled:unpaid', note: 'Cancelled: not paid in time', becomes: { kind: 'store_cancelled', values: { reason: 'unpaid' } } },
];

it('gives every old timeline entry its kind and values, which say its note again word for word', async () => {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const before = await migrationsBefore(MIGRATIONS, '0024_order_event_kinds');
  try {
    await migrate(db, { migrationsFolder: before.folder });
  } finally {
    await before.remove();
  }
  await client.exec(`
    INSERT INTO users (id, username, email) VALUES (1, 'buyer', 'b@x.ug');
    INSERT INTO orders (id, user_id, status, payment_gateway, payment_status, customer_name, customer_phone, subtotal, total)
      VALUES (1, 1, 'delivered', 'cash_on_delivery', 'PAY_ON_DELIVERY', 'Nakato', '0772000000', 6500, 6500);
  `);
  for (const entry of OLD_ENTRIES) await client.query('INSERT INTO order_events (order_id, status, note) VALUES (1, $1, $2)', [entry.status, entry.note]);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  const rows = await client.query<OrderEventEntry>('SELECT kind, "values" FROM order_events ORDER BY id');
  expect(rows.rows).toEqual(OLD_ENTRIES.map((entry) => entry.becomes));
  expect(rows.rows.map((entry) => sayOrderEvent(entry, 'en'))).toEqual(OLD_ENTRIES.map((entry) => entry.note));
  const columns = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'order_events' ORDER BY ordinal_position",
  );
  expect(columns.rows.map((column) => column.column_name)).toEqual(['id', 'order_id', 'created_at', 'kind', 'values']);
  await client.close();
});

it('stops rather than lose an entry of a shape it does not know', async () => {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const before = await migrationsBefore(MIGRATIONS, '0024_order_event_kinds');
  try {
    await migrate(db, { migrationsFolder: before.folder });
  } finally {
    await before.remove();
  }
  await client.exec(`
    INSERT INTO users (id, username, email) VALUES (1, 'buyer', 'b@x.ug');
    INSERT INTO orders (id, user_id, status, payment_gateway, payment_status, customer_name, customer_phone, subtotal, total)
      VALUES (1, 1, 'pending', 'manual', 'PENDING_PAYMENT', 'Nakato', '0772000000', 6500, 6500);
    INSERT INTO order_events (order_id, status, note) VALUES (1, 'refund:due', 'Refund due soon');
  `);
  await expect(migrate(db, { migrationsFolder: MIGRATIONS })).rejects.toThrow();
  const kept = await client.query<{ note: string }>('SELECT note FROM order_events');
  expect(kept.rows).toEqual([{ note: 'Refund due soon' }]);
  await client.close();
});
