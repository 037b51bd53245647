/**
 * The migration that puts cash on delivery in the books (0025) on rows written before it: each cash-on-delivery part
 * delivered gets the cash_collected line its vendor's rider owes for (the delivery fee with the order's first part
 * delivered), paid out already or not, so a vendor paid for cash it held now owes it; parts the store delivered,
 * parts delivered before the ledger and orders paid online get none; the payment keeps what was collected, and an
 * order with nothing left to deliver is paid, with a return its buyer got back by hand recorded as refunded.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from '../processes/migrations-before';

const MIGRATIONS = path.resolve('src/server/db/migrations');

it('writes the cash lines and collections of parts paid on delivery and delivered before it, and pays orders with nothing left to deliver', async () => {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const before = await migrationsBefore(MIGRATIONS, '0025_cash_on_delivery_books');
  try {
    await migrate(db, { migrationsFolder: before.folder });
  } finally {
    await before.remove();
  }
  await client.exec(`
    INSERT INTO users (id, username, email, user_type) VALUES (1, 'buyer', 'b@x.ug', 'Buyer'), (2, 'kato', 'k@x.ug', 'Vendor'), (3, 'apio', 'a@x.ug', 'Vendor');
    INSERT INTO categories (id, category) VALUES (1, 'Phones');
    INSERT INTO products (id, name, price_1, category, supplier) VALUES (1, 'Tecno Spark', 10000, 1, 2), (2, 'Sugar', 15000, 1, 3), (3, 'Tea', 5000, 1, NULL);
    -- 1: two vendors' parts delivered (Kato's first), a return paid back by hand, Kato already paid out.
    -- 2: Kato's part delivered, Apio's on its way.  3: paid online.  4: the store's own part, and Apio's delivered before the ledger.
    INSERT INTO orders (id, user_id, status, payment_gateway, payment_status, customer_name, customer_phone, subtotal, delivery_fee, total) VALUES
      (1, 1, 'delivered', 'cash_on_delivery', 'PAY_ON_DELIVERY', 'Nakato', '0772000000', 35000, 5000, 40000),
      (2, 1, 'shipped', 'cash_on_delivery', 'PAY_ON_DELIVERY', 'Nakato', '0772000000', 25000, 3000, 28000),
      (3, 1, 'delivered', 'stripe', 'COMPLETED', 'Nakato', '0772000000', 10000, 0, 10000),
      (4, 1, 'delivered', 'cash_on_delivery', 'PAY_ON_DELIVERY', 'Nakato', '0772000000', 20000, 2000, 22000);
    INSERT INTO order_parts (id, order_id, vendor_id, status, delivered_at) VALUES
      (1, 1, 2, 'delivered', '2026-10-01T10:00:00Z'), (2, 1, 3, 'delivered', '2026-10-02T10:00:00Z'),
      (3, 2, 2, 'delivered', '2026-10-03T10:00:00Z'), (4, 2, 3, 'shipped', NULL),
      (5, 3, 2, 'delivered', '2026-10-04T10:00:00Z'),
      (6, 4, NULL, 'delivered', '2026-10-05T10:00:00Z'), (7, 4, 3, 'delivered', '2026-10-05T11:00:00Z');
    INSERT INTO order_items (id, order_id, part_id, product_id, product_name, unit_price, quantity, subtotal) VALUES
      (1, 1, 1, 1, 'Tecno Spark', 10000, 2, 20000), (2, 1, 2, 2, 'Sugar', 15000, 1, 15000),
      (3, 2, 3, 1, 'Tecno Spark', 10000, 1, 10000), (4, 2, 4, 2, 'Sugar', 15000, 1, 15000),
      (5, 3, 5, 1, 'Tecno Spark', 10000, 1, 10000),
      (6, 4, 6, 3, 'Tea', 5000, 1, 5000), (7, 4, 7, 2, 'Sugar', 15000, 1, 15000);
    INSERT INTO payments (id, order_id, gateway, status, amount, merchant_reference) VALUES
      (1, 1, 'cash_on_delivery', 'PAY_ON_DELIVERY', 40000, 'cod-1'), (2, 2, 'cash_on_delivery', 'PAY_ON_DELIVERY', 28000, 'cod-2'),
      (3, 3, 'stripe', 'COMPLETED', 10000, 'stripe-3'), (4, 4, 'cash_on_delivery', 'PAY_ON_DELIVERY', 22000, 'cod-4');
    INSERT INTO vendor_earnings (vendor_id, kind, order_id, part_id, order_item_id, quantity, gross, commission, net, available_at) VALUES
      (2, 'sale', 1, 1, 1, 2, 20000, 2000, 18000, '2026-10-08T10:00:00Z'),
      (3, 'sale', 1, 2, 2, 1, 15000, 1500, 13500, '2026-10-09T10:00:00Z'),
      (2, 'sale', 2, 3, 3, 1, 10000, 1000, 9000, '2026-10-10T10:00:00Z'),
      (2, 'sale', 3, 5, 5, 1, 10000, 1000, 9000, '2026-10-11T10:00:00Z');
    INSERT INTO payout_runs (id, key) VALUES (1, 'manual:one');
    INSERT INTO payouts (id, vendor_id, run_id, amount, method, status) VALUES (1, 2, 1, 36000, 'mtn_momo', 'COMPLETED');
    INSERT INTO vendor_earnings (vendor_id, kind, payout_id, net, available_at) VALUES (2, 'payout', 1, -36000, '2026-10-20T10:00:00Z');
    INSERT INTO returns (id, order_id, part_id, user_id, status, reason, amount, refund_method) VALUES (1, 1, 2, 1, 'refunded', 'damaged', 15000, 'cash');
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  const cash = await client.query<{ vendor_id: number; part_id: number; gross: number; net: number; available_at: Date }>(
    "SELECT vendor_id, part_id, gross, net, available_at FROM vendor_earnings WHERE kind = 'cash_collected' ORDER BY part_id",
  );
  expect(cash.rows).toEqual([
    { vendor_id: 2, part_id: 1, gross: -25000, net: -25000, available_at: new Date('2026-10-08T10:00:00Z') },
    { vendor_id: 3, part_id: 2, gross: -15000, net: -15000, available_at: new Date('2026-10-09T10:00:00Z') },
    { vendor_id: 2, part_id: 3, gross: -13000, net: -13000, available_at: new Date('2026-10-10T10:00:00Z') },
  ]);
  // Kato was paid 36,000 for sales whose cash (38,000) its riders kept: it owes the 2,000 commission and the 3,000 fee of order 2.
  const kato = await client.query<{ balance: number }>('SELECT sum(net)::int AS balance FROM vendor_earnings WHERE vendor_id = 2');
  expect(kato.rows[0]!.balance).toBe(18000 + 9000 + 9000 - 36000 - 25000 - 13000);

  const attempts = await client.query<{ id: number; status: string; amount: number; details: Record<string, unknown> }>(
    'SELECT id, status, amount, details FROM payments ORDER BY id',
  );
  expect(attempts.rows[0]).toMatchObject({
    status: 'COMPLETED',
    amount: 40000,
    details: {
      collected: [
        { part_id: 1, vendor_id: 2, amount: 25000, by: 'vendor' },
        { part_id: 2, vendor_id: 3, amount: 15000, by: 'vendor' },
      ],
    },
  });
  expect(attempts.rows[1]).toMatchObject({
    status: 'PAY_ON_DELIVERY',
    amount: 28000,
    details: { collected: [{ part_id: 3, vendor_id: 2, amount: 13000, by: 'vendor' }] },
  });
  expect(attempts.rows[2]).toMatchObject({ status: 'COMPLETED', amount: 10000, details: {} });
  expect(attempts.rows[3]).toMatchObject({
    status: 'COMPLETED',
    amount: 22000,
    details: {
      collected: [
        { part_id: 6, vendor_id: null, amount: 7000, by: 'store' },
        { part_id: 7, vendor_id: 3, amount: 15000, by: 'vendor' },
      ],
    },
  });
  const orders = await client.query<{ payment_status: string }>('SELECT payment_status FROM orders ORDER BY id');
  expect(orders.rows.map((order) => order.payment_status)).toEqual(['COMPLETED', 'PAY_ON_DELIVERY', 'COMPLETED', 'COMPLETED']);
  const refunds = await client.query('SELECT order_id, payment_id, amount, reason, return_id, status FROM refunds');
  expect(refunds.rows).toEqual([{ order_id: 1, payment_id: 1, amount: 15000, reason: 'returned', return_id: 1, status: 'refunded' }]);
  const events = await client.query('SELECT order_id, kind, "values" FROM order_events ORDER BY order_id');
  expect(events.rows).toEqual([
    { order_id: 1, kind: 'payment', values: { status: 'COMPLETED' } },
    { order_id: 4, kind: 'payment', values: { status: 'COMPLETED' } },
  ]);
  await client.close();
});
