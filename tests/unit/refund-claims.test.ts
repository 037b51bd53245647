import { afterAll, describe, expect, it } from 'vitest';

// The ledger in an in-memory database; Stripe and Airtel at an address where nothing answers, so a call to them
// shows in the refund's note instead of reaching a network.
process.env.DATA_DIR = 'memory://';
process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
process.env.AIRTEL_BASE_URL = 'http://127.0.0.1:9';
process.env.AIRTEL_CLIENT_ID = 'unit';
process.env.AIRTEL_CLIENT_SECRET = 'unit';

const { closeDatabase, getDb } = await import('~/server/db/client');
const { orders, payments, refunds, users } = await import('~/server/db/schema');
const { runFollowUps } = await import('~/server/payments/payments');
const { markRefunded } = await import('~/server/payments/refunds');
const { Conflict } = await import('~/server/errors');
const { eq, sql } = await import('drizzle-orm');

afterAll(async () => {
  await closeDatabase();
});

let made = 0;

/** A paid order whose refund a store instance claimed `secondsAgo` to pay back through `gateway`. */
async function refundClaimed(gateway: 'stripe' | 'airtel_money', secondsAgo: number) {
  const db = await getDb();
  made++;
  const [buyer] = await db
    .insert(users)
    .values({ username: `claims-${made}`, email: `claims-${made}@example.com` })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      user_id: buyer!.id,
      payment_gateway: gateway,
      payment_status: 'COMPLETED',
      customer_name: 'Apio',
      customer_phone: '0772000000',
      subtotal: 5000,
      total: 5000,
    })
    .returning();
  const details = gateway === 'stripe' ? { payment_intent: `pi_${made}` } : { airtel_money_id: `AM${made}`, amount_asked_ugx: 5000 };
  const [payment] = await db
    .insert(payments)
    .values({
      order_id: order!.id,
      gateway,
      status: 'COMPLETED',
      amount: 5000,
      merchant_reference: `DK-claims-${made}`,
      gateway_reference: `ref-${made}`,
      details,
    })
    .returning();
  const [refund] = await db
    .insert(refunds)
    .values({ order_id: order!.id, payment_id: payment!.id, amount: 5000, reason: 'cancelled', status: 'refunding' })
    .returning();
  await db.execute(sql`UPDATE ${refunds} SET updated_at = now() - ${secondsAgo}::integer * interval '1 second' WHERE id = ${refund!.id}`);
  return refund!;
}

async function current(id: number) {
  const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.id, id));
  return refund!;
}

describe('a refund claimed for its gateway', () => {
  it('cannot be paid by hand nor claimed again while the claim holds', async () => {
    const refund = await refundClaimed('stripe', 30);
    const refused = await markRefunded(refund.id, 'MTN MoMo 123', 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Conflict);
    expect((refused as Error).message).toMatch(/^This refund is being paid back through Card \(Stripe\) right now/);
    await runFollowUps({ close: [], refunds: [refund] });
    expect(await current(refund.id)).toMatchObject({ status: 'refunding', note: '' });
  });

  it('left by a stopped instance: Stripe is asked again under the same key (here out of reach, so it is left failed)', async () => {
    const refund = await refundClaimed('stripe', 180);
    await runFollowUps({ close: [], refunds: [refund] });
    expect(await current(refund.id)).toMatchObject({ status: 'failed', note: expect.stringMatching(/^Stripe is not reachable/) });
  });

  it("left by a stopped instance for a gateway that could pay twice, or past the key's life: failed for the administrator, not asked", async () => {
    for (const [gateway, secondsAgo] of [
      ['airtel_money', 180],
      ['stripe', 2 * 24 * 3600],
    ] as const) {
      const refund = await refundClaimed(gateway, secondsAgo);
      await runFollowUps({ close: [], refunds: [refund] });
      expect(await current(refund.id)).toMatchObject({ status: 'failed', note: expect.stringMatching(/^No answer from .+ was recorded for this refund/) });
    }
  });

  it('an administrator recording a stale claim by hand first settles the claim, then records it', async () => {
    const refund = await refundClaimed('airtel_money', 600);
    expect(await markRefunded(refund.id, 'Checked in the Airtel portal: not paid; paid by MTN MoMo', 1)).toMatchObject({ status: 'refunded' });
  });
});
