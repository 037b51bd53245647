/**
 * The migration that groups orders' lines into parts keeps every order placed before it: one part per vendor,
 * at the least advanced status of that vendor's lines, each line in its vendor's part, nothing lost; and the
 * order's status as its parts now make it.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from './migrations-before';

const MIGRATIONS = path.resolve('src/server/db/migrations');
const PARTS_MIGRATION = '0013_order_parts_returns';

it('gives each vendor of an earlier order a part of its own, with its lines and their status', async () => {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const before = await migrationsBefore(MIGRATIONS, PARTS_MIGRATION);
  try {
    await migrate(db, { migrationsFolder: before.folder });
  } finally {
    await before.remove();
  }
  await client.exec(`
    INSERT INTO users (id, username, email) VALUES (1, 'buyer', 'b@x.ug'), (2, 'shop-a', 'a@x.ug'), (3, 'shop-b', 'c@x.ug');
    INSERT INTO categories (id, category) VALUES (1, 'Home');
    INSERT INTO products (id, name, price_1, category, supplier) VALUES (1, 'Kettle', 1000, 1, 2), (2, 'Basin', 2000, 1, 2), (3, 'Radio', 3000, 1, 3), (4, 'Own brand', 500, 1, NULL);
    INSERT INTO orders (id, user_id, status, payment_gateway, payment_status, customer_name, customer_phone, subtotal, total, updated_at)
      VALUES (1, 1, 'processing', 'cash_on_delivery', 'PAY_ON_DELIVERY', 'Nakato', '0772000000', 6500, 6500, '2026-11-01T10:00:00Z'),
             (2, 1, 'delivered', 'manual', 'COMPLETED', 'Nakato', '0772000000', 3000, 3000, '2026-11-02T10:00:00Z'),
             (3, 1, 'pending', 'manual', 'COMPLETED', 'Nakato', '0772000000', 4000, 4000, '2026-11-03T10:00:00Z');
    INSERT INTO order_items (id, order_id, product_id, product_name, unit_price, quantity, subtotal, status) VALUES
      (1, 1, 1, 'Kettle', 1000, 1, 1000, 'shipped'),
      (2, 1, 2, 'Basin', 2000, 1, 2000, 'cancelled'),
      (3, 1, 3, 'Radio', 3000, 1, 3000, 'processing'),
      (4, 1, 4, 'Own brand', 500, 1, 500, 'cancelled'),
      (5, 2, 3, 'Radio', 3000, 1, 3000, 'delivered'),
      (6, 3, 1, 'Kettle', 1000, 1, 1000, 'pending'),
      (7, 3, 3, 'Radio', 3000, 1, 3000, 'delivered');
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  const parts = await client.query<{ id: number; order_id: number; vendor_id: number | null; status: string; delivered_at: Date | null }>(
    'SELECT id, order_id, vendor_id, status, delivered_at FROM order_parts ORDER BY order_id, vendor_id NULLS LAST',
  );
  expect(parts.rows.map(({ order_id, vendor_id, status }) => ({ order_id, vendor_id, status }))).toEqual([
    { order_id: 1, vendor_id: 2, status: 'shipped' },
    { order_id: 1, vendor_id: 3, status: 'processing' },
    { order_id: 1, vendor_id: null, status: 'cancelled' },
    { order_id: 2, vendor_id: 3, status: 'delivered' },
    { order_id: 3, vendor_id: 2, status: 'pending' },
    { order_id: 3, vendor_id: 3, status: 'delivered' },
  ]);
  expect(parts.rows[3]!.delivered_at?.toISOString()).toBe('2026-11-02T10:00:00.000Z');
  expect(parts.rows.slice(0, 3).every((part) => part.delivered_at === null)).toBe(true);

  const lines = await client.query<{ id: number; vendor_id: number | null }>(
    'SELECT order_items.id, order_parts.vendor_id FROM order_items JOIN order_parts ON order_parts.id = order_items.part_id ORDER BY order_items.id',
  );
  expect(lines.rows).toEqual([
    { id: 1, vendor_id: 2 },
    { id: 2, vendor_id: 2 },
    { id: 3, vendor_id: 3 },
    { id: 4, vendor_id: null },
    { id: 5, vendor_id: 3 },
    { id: 6, vendor_id: 2 },
    { id: 7, vendor_id: 3 },
  ]);
  const orders = await client.query<{ id: number; status: string }>('SELECT id, status FROM orders ORDER BY id');
  expect(orders.rows).toEqual([
    { id: 1, status: 'processing' },
    { id: 2, status: 'delivered' },
    { id: 3, status: 'processing' },
  ]);
  await client.close();
});
