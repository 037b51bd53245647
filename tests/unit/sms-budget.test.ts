/**
 * The texts' budget (src/server/sms/sms-budget.ts) on an in-memory database: a number's share in 10 minutes and
 * in a day, with its last text kept for a code; an account's share; the store's share in an hour; a delivery
 * contact's two texts of an order; what is held back recorded as skipped; codes never in the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const outbox = mkdtempSync(path.join(os.tmpdir(), 'sms-budget-outbox-'));
process.env.DATA_DIR = 'memory://';
process.env.OUTBOX_DIR = outbox;
delete process.env.AT_USERNAME;
delete process.env.AT_API_KEY;
delete process.env.SMS_NUMBER_LIMITS;
delete process.env.SMS_ACCOUNT_LIMITS;
delete process.env.SMS_HOURLY_LIMIT;
delete process.env.SMS_DISABLED;

const { reloadConfig } = await import('~/server/config');
reloadConfig();
const { closeDatabase, getDb } = await import('~/server/db/client');
const { orders, smsMessages, users } = await import('~/server/db/schema');
const { queueTexts, sendCodeText, sendDueTexts } = await import('~/server/sms/sms');
const { log } = await import('~/server/log');
const { eq, sql } = await import('drizzle-orm');

type Kind = Parameters<typeof queueTexts>[1][number]['kind'];

afterAll(async () => {
  await closeDatabase();
  rmSync(outbox, { recursive: true, force: true });
});

beforeEach(async () => {
  const db = await getDb();
  await db.delete(smsMessages);
  reloadConfig();
});

let made = 0;

/** A buyer account (logging in with `loginPhone`, if any) and an order of theirs naming `contact`. */
async function orderOf(contact: string, loginPhone: string | null = null) {
  const db = await getDb();
  made++;
  const [buyer] = await db
    .insert(users)
    .values({ username: `budget-${made}`, email: `budget-${made}@example.com`, login_phone: loginPhone })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      user_id: buyer!.id,
      payment_gateway: 'cash_on_delivery',
      payment_status: 'PAY_ON_DELIVERY',
      customer_name: 'Apio',
      customer_phone: contact,
      subtotal: 5000,
      total: 5000,
    })
    .returning();
  return { buyer: buyer!.id, order: order!.id };
}

const queue = async (texts: { to: string; kind: Kind; orderId?: number | null; account?: number | null }[]) => {
  const db = await getDb();
  await db.transaction((tx) =>
    queueTexts(
      tx,
      texts.map((text) => ({ body: `Duuka: ${text.kind}`, ...text })),
    ),
  );
};

const rowsTo = async (recipient: string) => (await getDb()).select().from(smsMessages).where(eq(smsMessages.recipient, recipient)).orderBy(smsMessages.id);

/** Makes the texts to `recipient` look `minutes` old. */
const age = async (recipient: string, minutes: number) =>
  (await getDb()).execute(sql`UPDATE ${smsMessages} SET created_at = now() - ${minutes}::integer * interval '1 minute' WHERE recipient = ${recipient}`);

describe('a number', () => {
  it('gets at most 4 texts other than codes in 10 minutes; the fifth place is kept for a code, and the rest are recorded as skipped', async () => {
    const { order } = await orderOf('0772 500 001', '+256772500001');
    for (let i = 0; i < 7; i++) await queue([{ to: '0772 500 001', kind: 'order_placed', orderId: order }]);
    await sendCodeText({ to: '0772 500 001', body: 'Duuka: 123456 is your code', recorded: 'Duuka: ****** is your code', kind: 'login_code' });
    await sendCodeText({ to: '0772 500 001', body: 'Duuka: 654321 is your code', recorded: 'Duuka: ****** is your code', kind: 'login_code' });
    const rows = await rowsTo('+256772500001');
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'skipped', 'skipped', 'skipped', 'sent', 'skipped']);
    expect(rows[4]!.last_error).toBe('the number has had 4 texts and requests to pay in 10 minutes (at most 5)');
    expect(rows[8]!.last_error).toBe('the number has had 5 texts and requests to pay in 10 minutes (at most 5)');
    // Skipped texts are never sent.
    expect(await sendDueTexts()).toEqual({ sent: 4, failed: 0, retrying: 0 });
  });

  it('gets at most 20 in a day', async () => {
    const { order } = await orderOf('0772 500 002', '+256772500002');
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) await queue([{ to: '0772 500 002', kind: 'order_shipped', orderId: order }]);
      await age('+256772500002', 11 * (5 - round));
    }
    const rows = await rowsTo('+256772500002');
    expect(rows.filter((row) => row.status === 'queued')).toHaveLength(19);
    expect(rows.at(-1)!.last_error).toBe('the number has had 19 texts and requests to pay in a day (at most 20)');
    // A day later the number has its share again.
    await age('+256772500002', 25 * 60);
    await queue([{ to: '0772 500 002', kind: 'order_shipped', orderId: order }]);
    expect((await rowsTo('+256772500002')).at(-1)!.status).toBe('queued');
  });

  it('follows SMS_NUMBER_LIMITS', async () => {
    reloadConfig({ SMS_NUMBER_LIMITS: '3,50' });
    for (let i = 0; i < 4; i++) await queue([{ to: '0772 500 003', kind: 'payout_completed', account: null }]);
    expect((await rowsTo('+256772500003')).map((row) => row.status)).toEqual(['queued', 'queued', 'skipped', 'skipped']);
  });
});

describe('the texts of one change (weighed together, counted against each other as if written one by one)', () => {
  it('give a number its share and hold back the rest, with the reason each would have had one by one', async () => {
    const { order } = await orderOf('0772 500 060', '+256772500060');
    await queue([{ to: '0772 500 060', kind: 'order_placed', orderId: order }]);
    await queue(Array.from({ length: 5 }, () => ({ to: '0772 500 060', kind: 'order_shipped' as Kind, orderId: order })));
    const rows = await rowsTo('+256772500060');
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'skipped', 'skipped']);
    expect(rows[4]!.last_error).toBe('the number has had 4 texts and requests to pay in 10 minutes (at most 5)');
  });

  it('tell a delivery contact that the order is placed once, even when the change names it twice, and nothing else', async () => {
    const { order } = await orderOf('0772 500 061', '+256772500062');
    await queue([
      { to: '0772 500 061', kind: 'order_placed', orderId: order },
      { to: '0772 500 061', kind: 'order_placed', orderId: order },
      { to: '0772 500 061', kind: 'order_paid', orderId: order },
      { to: '0772 500 062', kind: 'order_paid', orderId: order },
    ]);
    expect((await rowsTo('+256772500061')).map((row) => [row.kind, row.status, row.last_error])).toEqual([
      ['order_placed', 'queued', ''],
      ['order_placed', 'skipped', "not the buyer's own number: it has had this text of the order"],
      ['order_paid', 'skipped', "not the buyer's own number: it hears only that the order is placed and on its way"],
    ]);
    expect((await rowsTo('+256772500062')).map((row) => row.status)).toEqual(['queued']);
  });

  it('count against the store’s hour together, and a number that is no mobile is recorded as failed beside them', async () => {
    reloadConfig({ SMS_HOURLY_LIMIT: '2' });
    await queue([
      { to: '0772 500 063', kind: 'payout_completed', account: null },
      { to: '12345', kind: 'payout_completed', account: null },
      { to: '0772 500 064', kind: 'payout_completed', account: null },
      { to: '0772 500 065', kind: 'payout_completed', account: null },
    ]);
    const rows = await (await getDb()).select().from(smsMessages).orderBy(smsMessages.id);
    expect(rows.map((row) => [row.recipient, row.status])).toEqual([
      ['12345', 'failed'],
      ['+256772500063', 'queued'],
      ['+256772500064', 'queued'],
      ['+256772500065', 'skipped'],
    ]);
    expect(rows[3]!.last_error).toBe('the store has sent 2 texts in an hour (SMS_HOURLY_LIMIT is 2)');
  });
});

describe('a delivery contact (a number on the order that is not the buyer’s own)', () => {
  it('hears that the order is placed and on its way, once each, and nothing of paying, cancelling or returns', async () => {
    const { order } = await orderOf('0772 500 010', '+256772500011');
    const kinds: Kind[] = ['order_placed', 'order_paid', 'order_shipped', 'order_shipped', 'order_delivered', 'order_cancelled', 'return_accepted'];
    for (const kind of kinds) await queue([{ to: '0772 500 010', kind, orderId: order }]);
    const rows = await rowsTo('+256772500010');
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['order_placed', 'queued'],
      ['order_paid', 'skipped'],
      ['order_shipped', 'queued'],
      ['order_shipped', 'skipped'],
      ['order_delivered', 'skipped'],
      ['order_cancelled', 'skipped'],
      ['return_accepted', 'skipped'],
    ]);
    expect(rows[1]!.last_error).toBe("not the buyer's own number: it hears only that the order is placed and on its way");
    expect(rows[3]!.last_error).toBe("not the buyer's own number: it has had this text of the order");
    // The buyer's own number, written another way, hears everything.
    await queue([{ to: '0772500011', kind: 'order_cancelled', orderId: order }]);
    expect((await rowsTo('+256772500011'))[0]!.status).toBe('queued');
  });

  it('the vendors’ texts of an order are not a contact’s', async () => {
    const { order } = await orderOf('0772 500 012');
    await queue([{ to: '0772 500 013', kind: 'vendor_new_order', orderId: order }]);
    expect((await rowsTo('+256772500013'))[0]!.status).toBe('queued');
  });
});

describe('an account', () => {
  it('causes at most SMS_ACCOUNT_LIMITS texts, counted as its orders’ texts to any number', async () => {
    reloadConfig({ SMS_ACCOUNT_LIMITS: '3,10' });
    const { order, buyer } = await orderOf('0772 500 020', '+256772500020');
    await queue([
      { to: '0772 500 020', kind: 'order_placed', orderId: order },
      { to: '0772 500 021', kind: 'vendor_new_order', orderId: order },
      { to: '0772 500 022', kind: 'vendor_new_order', orderId: order },
      { to: '0772 500 023', kind: 'vendor_new_order', orderId: order },
    ]);
    const rows = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.account_id, buyer)).orderBy(smsMessages.id);
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'skipped']);
    expect(rows[3]!.last_error).toBe(`account ${buyer} has caused 3 texts in an hour (at most 3)`);
  });
});

describe('the store', () => {
  it('sends at most SMS_HOURLY_LIMIT texts in an hour, codes included', async () => {
    reloadConfig({ SMS_HOURLY_LIMIT: '3' });
    await queue([
      { to: '0772 500 030', kind: 'payout_completed', account: null },
      { to: '0772 500 031', kind: 'payout_completed', account: null },
    ]);
    await sendCodeText({ to: '0772 500 032', body: 'Duuka: 111111 is your code', recorded: 'Duuka: ****** is your code', kind: 'reset_code' });
    await sendCodeText({ to: '0772 500 033', body: 'Duuka: 222222 is your code', recorded: 'Duuka: ****** is your code', kind: 'reset_code' });
    await queue([{ to: '0772 500 034', kind: 'payout_completed', account: null }]);
    const rows = await (await getDb()).select().from(smsMessages).orderBy(smsMessages.id);
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'sent', 'skipped', 'skipped']);
    expect(rows[4]!.last_error).toBe('the store has sent 3 texts in an hour (SMS_HOURLY_LIMIT is 3)');
  });

  it('with SMS_DISABLED=1 sends nothing, records every text as skipped, and writes nothing to the outbox', async () => {
    reloadConfig({ SMS_DISABLED: '1' });
    await queue([{ to: '0772 500 040', kind: 'payout_completed', account: null }]);
    await sendCodeText({ to: '0772 500 040', body: 'Duuka: 333333 is your code', recorded: 'Duuka: ****** is your code', kind: 'login_code' });
    const rows = await rowsTo('+256772500040');
    expect(rows.map((row) => [row.status, row.last_error])).toEqual([
      ['skipped', 'texts are off (SMS_DISABLED=1)'],
      ['skipped', 'texts are off (SMS_DISABLED=1)'],
    ]);
    expect(await sendDueTexts()).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect((await readdir(outbox)).filter((file) => file.includes('256772500040'))).toEqual([]);
  });
});

describe('codes', () => {
  it('are never logged when texts go to the outbox (only their file holds them)', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(log, 'info').mockImplementation(((line: unknown) => void lines.push(String(line))) as typeof log.info);
    try {
      await sendCodeText({ to: '0772 500 050', body: 'Duuka: 987123 is your code', recorded: 'Duuka: ****** is your code', kind: 'login_code' });
    } finally {
      spy.mockRestore();
    }
    expect(lines.join('\n')).toContain('Duuka: ****** is your code');
    expect(lines.join('\n')).not.toContain('987123');
    const file = (await readdir(outbox)).find((name) => name.includes('256772500050'))!;
    expect(await readFile(path.join(outbox, file), 'utf8')).toContain('987123');
    expect((await rowsTo('+256772500050'))[0]!.body).not.toContain('987123');
  });
});
