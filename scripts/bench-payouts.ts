/**
 * Times a payout run over many vendors on PostgreSQL: 1,000 vendors with 100,000 available earnings lines
 * (tests/support/payout-money.ts writes them), a fifth of each vendor's sales paid in cash on delivery (a sale and
 * the cash its rider took), and every seventh vendor selling mostly for cash, so that it owes the store; their payouts
 * sent through local fakes of MTN MoMo and Airtel Money disbursement (a tenth are paid by bank), two runs started at
 * once as two administrators might. Prints the run's time and the payouts made, and checks that each vendor owed
 * money was paid exactly once what its balance exceeded zero by, that no vendor that owes was paid, and that the sums
 * add up.
 *
 *   DATABASE_URL=postgres://.../scratch npm run bench:payouts [-- --vendors 1000 --lines 100000]   (the database is wiped)
 *   BENCH_POSTGRES_SERVER=postgres://postgres@127.0.0.1:5432 npm run bench:payouts   (makes and drops its own database)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, rowsOf } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import type { RunSummary } from '../src/server/payouts/payout-runs';
import { giveAvailableEarnings, giveCashOnDeliverySales, setPayoutMethod } from '../tests/support/payout-money';
import { startFakeMtnMomoDisbursement } from '../src/server/fakes/fake-mtn-momo-disbursement';
import { startFakeAirtelMoneyDisbursement } from '../src/server/fakes/fake-airtel-money-disbursement';
import { positiveWholeNumberOptions, scratchPostgres } from './bench-support';
import { reloadConfig } from '../src/server/config';

const { vendors: vendorCount, lines: lineCount } = positiveWholeNumberOptions({ vendors: 1000, lines: 100_000 });

/** A wallet on the network whose prefix it has, ending in 00 so no fake plays a decline or a lost answer. */
const wallet = (index: number, prefix: string) => `+2567${prefix}${String(index).padStart(5, '0')}00`;

/** What the seed expects a run to pay: the total, how many vendors, and how many owe the store instead. */
type Expected = { paid: number; vendors: number; owing: number; below: number };

async function seed(): Promise<{ ids: number[]; expected: Expected }> {
  const db = await getDb();
  const rows = Array.from({ length: vendorCount }, (_, index) => ({
    username: `bench-vendor-${index}`,
    email: `bench-vendor-${index}@example.com`,
    user_type: 'Vendor',
    status: 'Active',
    approved: 1,
    business_name: `Bench Shop ${index}`,
    business_phone_number: wallet(index, '7'),
  }));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    ids.push(
      ...(
        await db
          .insert(users)
          .values(rows.slice(start, start + 500))
          .returning({ id: users.id })
      ).map((row) => row.id),
    );
  }
  const perVendor = Math.floor(lineCount / vendorCount);
  const expected: Expected = { paid: 0, vendors: 0, owing: 0, below: 0 };
  for (const [index, id] of ids.entries()) {
    // Each cash sale is two lines (the sale and the cash), so a vendor has about perVendor lines in all.
    const cashSales = index % 7 === 0 ? Math.floor(perVendor / 3) : Math.floor(perVendor / 10);
    const nets = Array.from({ length: perVendor - 2 * cashSales }, (_, line) => 500 + ((index * 31 + line * 17) % 4000));
    const grosses = Array.from({ length: cashSales }, (_, line) => (index % 7 === 0 ? 50_000 : 2_000) + ((index * 13 + line * 7) % 3000));
    const balance = nets.reduce((sum, net) => sum + net, 0) - grosses.reduce((sum, gross) => sum + Math.floor(gross / 10), 0);
    if (balance >= 10_000) Object.assign(expected, { paid: expected.paid + balance, vendors: expected.vendors + 1 });
    if (balance < 0) expected.owing++;
    if (balance > 0 && balance < 10_000) expected.below++;
    await giveAvailableEarnings(db, id, nets);
    await giveCashOnDeliverySales(db, id, grosses);
    const method = index % 10 === 0 ? 'bank' : index % 2 ? 'mtn_momo' : 'airtel_money';
    await setPayoutMethod(
      db,
      [id],
      method === 'bank'
        ? { method, account_name: `Bench Shop ${index}`, account_number: String(1_000_000_000 + index), bank: 'Stanbic' }
        : { method, phone: wallet(index, method === 'mtn_momo' ? '7' : '5') },
    );
  }
  return { ids, expected };
}

async function check(expected: Expected): Promise<boolean> {
  const db = await getDb();
  const [figures] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM users WHERE user_type = 'Vendor') AS vendors,
             (SELECT count(DISTINCT vendor_id) FROM payouts) AS paid_vendors,
             (SELECT count(*) FROM (SELECT vendor_id FROM payouts GROUP BY vendor_id HAVING count(*) > 1) twice) AS paid_twice,
             (SELECT coalesce(sum(amount), 0) FROM payouts) AS paid,
             (SELECT count(*) FILTER (WHERE status = 'COMPLETED') FROM payouts) AS completed,
             (SELECT count(*) FILTER (WHERE status = 'PENDING' AND method = 'bank') FROM payouts) AS bank_pending,
             (SELECT count(*) FILTER (WHERE status = 'PENDING' AND method <> 'bank') FROM payouts) AS mobile_pending,
             (SELECT count(*) FROM (SELECT vendor_id FROM vendor_earnings GROUP BY vendor_id HAVING sum(net) > 0) left_over) AS balance_left,
             (SELECT count(*) FROM (SELECT vendor_id FROM vendor_earnings GROUP BY vendor_id HAVING sum(net) < 0) owing) AS owing,
             (SELECT count(*) FROM payouts WHERE vendor_id IN (SELECT vendor_id FROM vendor_earnings WHERE kind <> 'payout' GROUP BY vendor_id HAVING sum(net) < 0)) AS owing_paid,
             (SELECT count(*) FILTER (WHERE kind = 'cash_collected') FROM vendor_earnings) AS cash_lines,
             (SELECT count(*) FROM vendor_earnings) AS lines`),
  );
  const n = (name: string) => Number(figures![name]);
  console.log(
    `earnings lines: ${n('lines')} (cash collected: ${n('cash_lines')}); vendors: ${n('vendors')}; vendors paid: ${n('paid_vendors')} of ${expected.vendors} due; paid more than once: ${n('paid_twice')}`,
  );
  console.log(
    `paid UGX ${n('paid')} of UGX ${expected.paid} due; completed ${n('completed')}, bank awaiting an administrator ${n('bank_pending')}, mobile money pending ${n('mobile_pending')}`,
  );
  console.log(
    `vendors that owe the store: ${n('owing')} (expected ${expected.owing}), paid anyway: ${n('owing_paid')}; vendors with money left after the run: ${n('balance_left')} (below the minimum: ${expected.below})`,
  );
  return (
    n('paid_vendors') === expected.vendors &&
    n('paid_twice') === 0 &&
    n('paid') === expected.paid &&
    n('owing') === expected.owing &&
    n('owing_paid') === 0 &&
    n('balance_left') === expected.below &&
    n('mobile_pending') === 0
  );
}

async function main() {
  const database = await scratchPostgres('payouts_bench');
  if (!database) {
    console.error('Set DATABASE_URL to a scratch PostgreSQL database (it is wiped), or BENCH_POSTGRES_SERVER to a server where the bench makes its own.');
    process.exit(1);
  }
  const mtn = await startFakeMtnMomoDisbursement();
  const airtel = await startFakeAirtelMoneyDisbursement();
  // The vendors' texts go to a scratch outbox (no Africa's Talking keys), dropped at the end.
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'bench-payouts-outbox-'));
  Object.assign(process.env, mtn.env, airtel.env, { DATABASE_URL: database.url, PAYOUT_MINIMUM: '10000', OUTBOX_DIR: outbox });
  delete process.env.AT_API_KEY;
  // The database client, loaded above, read the settings before these were set.
  reloadConfig();
  // Imported once the environment names the fakes and the outbox, which these modules read when loaded.
  const { runPayouts } = await import('../src/server/payouts/payout-runs');
  const { reconcilePayouts } = await import('../src/server/payouts/payout-reconcile');
  const { startSmsSender } = await import('../src/server/sms/sms');
  // The vendors' texts are queued by the store's subscribers to the payout events, as in a running store.
  (await import('../src/server/events/subscribers')).startSubscribers();
  try {
    const seeding = performance.now();
    const { ids, expected } = await seed();
    console.log(`seeded ${ids.length} vendors with ${lineCount} earnings lines in ${Math.round(performance.now() - seeding)} ms`);
    const started = performance.now();
    const runs = (await Promise.all([runPayouts({ startedBy: ids[0]! }), runPayouts({ startedBy: ids[0]! })])) as RunSummary[];
    const ms = Math.round(performance.now() - started);
    console.log(`two runs at once: ${ms} ms; payouts ${runs.map((run) => run.payouts).join(' + ')}, UGX ${runs.map((run) => run.total).join(' + ')}`);
    // MTN answers a transfer accepted; its outcome is learned by asking, as the reconciler's rounds do.
    const settling = performance.now();
    let rounds = 0;
    while (rounds < 100 && (await reconcilePayouts()).asked > 0) rounds++;
    console.log(`settling the transfers MTN accepted: ${rounds} reconciler rounds, ${Math.round(performance.now() - settling)} ms`);
    const passed = await check(expected);
    process.exitCode = passed ? 0 : 1;
    console.log(passed ? 'each vendor was paid exactly once, and the sums add up' : 'FAILED: see the figures above');
  } finally {
    // Lets the texts being written to the outbox finish before the database closes.
    await startSmsSender()();
    await closeDatabase();
    await mtn.stop();
    await airtel.stop();
    await database.drop();
    rmSync(outbox, { recursive: true, force: true });
  }
}

await main();
