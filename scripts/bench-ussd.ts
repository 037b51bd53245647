/**
 * Measures the USSD menu under a crowd: 200 phones dial at once and each walks search → product → order (paid on
 * delivery) through POST /api/ussd/{token}, on PostgreSQL (DATABASE_URL, which is wiped, else a throwaway cluster
 * started for the run). Africa's Talking ends a session whose reply takes a few seconds, so every reply counts: the
 * figures are each reply's time, all together and by screen, against the target p99 of 150 ms, with the machine's
 * load average (on a shared machine the other work there is part of the figure).
 *
 * A phone waits between screens as its shopper reads and types (`--think`, 2 s on average: between half of it and one
 * and a half times it), and the phones dial over the first `--spread` ms, as a crowd does; `--think 1` sends each
 * screen at once, a burst no crowd of people makes, to see how the store copes beyond its load.
 *
 *   npm run bench:ussd [-- --sessions 200 --products 600 --think 2000 --spread 10000]
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayPostgres } from '../tests/support/throwaway-postgres';
import { resetPostgres } from '../tests/support/postgres';
import { startStore } from '../tests/support/server';
import { cpuSeconds, ensureStoreBuilt, percentile, positiveWholeNumberOptions } from './bench-support';

const {
  sessions,
  products: productCount,
  think: thinkMs,
  spread: spreadMs,
} = positiveWholeNumberOptions({ sessions: 200, products: 600, think: 2000, spread: 10_000 });

const TARGET_P99_MS = 150;
const TOKEN = 'bench-ussd-token';

/** What the bench reads of the store's API replies. */
type Product = { id: number; name: string; price_1: string; stock: { total_items: number; items_sold: number } };
type Place = { name: string };

const pause = (ms: number) => (ms > 1 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
type Timed = { screen: string; ms: number };

/** One phone's session: each reply timed under the name of the screen it answered. */
class BenchPhone {
  private inputs: string[] = [];
  readonly timings: Timed[] = [];
  last = '';

  constructor(
    private base: string,
    readonly sessionId: string,
    readonly phone: string,
  ) {}

  async send(screen: string, input?: string): Promise<string> {
    if (input !== undefined) {
      this.inputs.push(input);
      await pause(thinkMs * (0.5 + Math.random()));
    }
    const started = performance.now();
    const response = await fetch(`${this.base}/api/ussd/${TOKEN}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sessionId: this.sessionId,
        serviceCode: '*384*12#',
        phoneNumber: this.phone,
        networkCode: '64110',
        text: this.inputs.join('*'),
      }),
    });
    this.last = await response.text();
    this.timings.push({ screen, ms: performance.now() - started });
    if (response.status !== 200 || !/^(CON|END) /.test(this.last)) throw new Error(`${screen}: ${response.status} ${this.last.slice(0, 200)}`);
    return this.last;
  }

  keyOf(test: RegExp): string | null {
    const line = this.last
      .slice(4)
      .split('\n')
      .find((text) => /^\d+ /.test(text) && test.test(text.replace(/^\d+ /, '')));
    return line ? line.split(' ', 1)[0]! : null;
  }
}

/** A session ordering one unit of `product`, paid on delivery. True when the order was placed. */
async function walk(phone: BenchPhone, product: Product, placeName: string, dialAfterMs: number): Promise<boolean> {
  await pause(dialAfterMs);
  await phone.send('dial');
  await phone.send('main', '2');
  await phone.send('search', product.name);
  const label = new RegExp(`^${product.name.split(' ', 1)[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* ${Number(product.price_1).toLocaleString('en-US')}$`);
  for (let page = 0; page < 4 && !phone.keyOf(label); page++) await phone.send('products', '0');
  await phone.send('products', phone.keyOf(label) ?? '1');
  await phone.send('product', '1');
  while (/Which (colour|size)\?/.test(phone.last)) await phone.send('option', '1');
  await phone.send('quantity', '1');
  await phone.send('place', phone.keyOf(new RegExp(`^${placeName}$`)) ?? '1');
  await phone.send('pay', phone.keyOf(/^Cash on delivery$/) ?? '2');
  if (phone.last.startsWith('CON Your name?')) await phone.send('name', 'Bench Buyer');
  await phone.send('confirm', '1');
  return /^END Order #\d+ placed/.test(phone.last);
}

/**
 * CPU seconds PostgreSQL's processes have used, by its postmaster's own and its reaped children's counts: a backend's
 * time is counted once it has exited, so read this after the store has closed its connections.
 */
function postgresCpuSeconds(folder: string): number {
  const pid = Number(readFileSync(path.join(folder, 'data', 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime and cstime are fields 14 to 17 of the whole line, 12 to 15 after "pid (comm) ".
  return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / 100;
}

function figures(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

async function main() {
  ensureStoreBuilt();
  let databaseUrl = process.env.DATABASE_URL || undefined;
  const throwaway = databaseUrl ? null : await startThrowawayPostgres({ log: () => {} });
  databaseUrl ??= throwaway!.url;
  if (!throwaway) await resetPostgres(databaseUrl);
  console.log(`PostgreSQL: ${throwaway ? `throwaway (${throwaway.version})` : 'DATABASE_URL (wiped)'}; seeding ${productCount} products`);
  const store = await startStore({
    databaseUrl,
    timeoutMs: 300_000,
    env: { USSD_CALLBACK_TOKEN: TOKEN, SEED_PRODUCTS: String(productCount), SMS_DISABLED: '1', LOG_LEVEL: 'warn' },
  });
  try {
    const place = ((await (await fetch(`${store.baseUrl}/api/manifest`)).json()) as { data: { delivery_locations: Place[] } }).data.delivery_locations[0]!;
    const listed = ((await (await fetch(`${store.baseUrl}/api/products?limit=100&in_stock=1`)).json()) as { data: { data: Product[] } }).data.data;
    const stocked = listed.filter((product) => product.stock.total_items - product.stock.items_sold >= 10 && product.name.length < 40);
    console.log(
      `${sessions} sessions over ${stocked.length} products, dialled over ${spreadMs} ms, ${thinkMs} ms between screens on average; load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores before`,
    );

    const phones = Array.from(
      { length: sessions },
      (_, i) => new BenchPhone(store.baseUrl, `bench-${Date.now()}-${i}`, `+25677${String(1_000_000 + i).slice(-7)}`),
    );
    const cpuBefore = { store: cpuSeconds(store.pid), postgres: throwaway ? postgresCpuSeconds(throwaway.folder) : null };
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      phones.map((phone, i) => walk(phone, stocked[i % stocked.length]!, place.name, spreadMs > 1 ? (i * spreadMs) / sessions : 0)),
    );
    const seconds = (performance.now() - started) / 1000;
    const placed = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value).length;
    const failures = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [`${phones[i]!.sessionId}: ${String(outcome.reason)}`] : []));
    const all = phones.flatMap((phone) => phone.timings);
    const storeCpu = cpuSeconds(store.pid) - cpuBefore.store;

    console.log(
      `\n${placed} of ${sessions} orders placed in ${seconds.toFixed(1)} s (${all.length} replies, ${(all.length / seconds).toFixed(0)} a second); load average ${os.loadavg()[0]!.toFixed(2)} after`,
    );
    const rows: [string, ReturnType<typeof figures>][] = [['every reply', figures(all.map((t) => t.ms))]];
    for (const screen of [...new Set(all.map((t) => t.screen))]) rows.push([screen, figures(all.filter((t) => t.screen === screen).map((t) => t.ms))]);
    const fixed = (ms: number) => ms.toFixed(1).padStart(7);
    console.log(
      `\n${'screen answered'.padEnd(16)} ${'replies'.padStart(7)} ${'mean'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)`,
    );
    for (const [name, f] of rows)
      console.log(`${name.padEnd(16)} ${String(f.count).padStart(7)} ${fixed(f.mean)} ${fixed(f.p50)} ${fixed(f.p95)} ${fixed(f.p99)} ${fixed(f.max)}`);
    const p99 = rows[0]![1].p99;
    console.log(`\nTarget p99 of every reply under ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'} (${p99.toFixed(1)} ms)`);
    for (const failure of failures.slice(0, 5)) console.log(`failed: ${failure}`);
    process.exitCode = placed === sessions ? 0 : 1;
    // CPU time does not depend on how busy the machine is the way reply times do: it compares builds on a shared machine.
    await store.stop();
    // Its backends exit as the store's connections close; the postmaster counts them once it has reaped them.
    await pause(500);
    const postgresCpu = throwaway && cpuBefore.postgres !== null ? postgresCpuSeconds(throwaway.folder) - cpuBefore.postgres : null;
    console.log(
      `CPU during the sessions: the store ${storeCpu.toFixed(1)} s (${((storeCpu * 1000) / all.length).toFixed(1)} ms a reply)` +
        (postgresCpu === null ? '' : `, PostgreSQL ${postgresCpu.toFixed(1)} s (${((postgresCpu * 1000) / all.length).toFixed(1)} ms a reply)`),
    );
  } finally {
    await store.stop();
    await throwaway?.stop();
  }
}

await main();
