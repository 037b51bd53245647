/**
 * A mixed load on one store instance, as shoppers make it: browsing pages, searching, logging in and placing
 * orders at the same time, on the demo catalogue. Prints, per kind of request, how many were answered, p50, p99
 * and the slowest, the replies by status class (5xx must be 0; a 429 is the store refusing password checks
 * beyond its queue), and the store's RSS before and after.
 *
 * The accounts that order and log in are written straight into the database before the store starts (one
 * password hash for all, a session each), each with plenty of stock to buy, so the load measures the store and
 * not the set-up. An order is paid on delivery (no gateway to wait for), one to three lines, each with its own
 * idempotency key; each account places at most as many as it may have waiting.
 *
 *   BENCH_POSTGRES_SERVER=postgres://postgres@127.0.0.1:5432 npm run bench:mixed   (makes and drops its own database)
 *   DATABASE_URL=postgres://.../scratch npm run bench:mixed                        (the database is wiped)
 *   options: -- --seconds 60 --connections 20 --accounts 2000; MIXED_KINDS=order (or order,login) loads only those kinds
 */
import http from 'node:http';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { hashToken, SESSION_DAYS } from '../src/server/accounts/sessions';
import { hashPassword } from '../src/server/accounts/passwords';
import { PAYMENT_LIMITS } from '../src/server/payments/payment-limits';
import {
  cpuSeconds,
  driverName,
  loadAverages,
  onScratchCatalogue,
  percentile,
  positiveWholeNumberOptions,
  prepareCatalogue,
  residentMemoryMb,
  withBenchStore,
} from './bench-support';

const { seconds, connections, accounts: accountCount } = positiveWholeNumberOptions({ seconds: 60, connections: 20, accounts: 2000 });

const DEMO_PRODUCTS = 600;
const WARM_UP_SECONDS = 5;
const PASSWORD = 'Mixed-Load-2026';
const LANGUAGES = ['', '/lg', '/sw'];
const SEARCH_WORDS = ['phone', 'shoes', 'rice', 'dress', 'laptop', 'sugar', 'bag', 'watch', 'radio', 'soap', 'tv', 'kettle', 'shirt', 'bed', 'sofa', 'maize'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Of every 10 connections: 4 browse, 2 search, 2 log in, 2 order. */
const KINDS = ['browse', 'search', 'login', 'order'] as const;
type Kind = (typeof KINDS)[number];
const SHARES: Record<Kind, number> = { browse: 4, search: 2, login: 2, order: 2 };
/** MIXED_KINDS=order,login loads only those kinds (all the connections among them), to look at one apart. */
const chosenKinds = (process.env.MIXED_KINDS ? process.env.MIXED_KINDS.split(',') : KINDS).filter((kind): kind is Kind =>
  (KINDS as readonly string[]).includes(kind),
);
if (chosenKinds.length === 0) {
  console.error(`MIXED_KINDS names none of ${KINDS.join(', ')}`);
  process.exit(2);
}

type Account = { email: string; token: string };
type Setting = { productIds: number[]; categoryIds: number[]; locationId: number; accounts: Account[] };
type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
type Answer = { kind: Kind; ms: number; status: number; fromCache: boolean };
type Reply = { status: number; fromCache: boolean };

/** Buyer accounts with one password and a session each, and stock no load can sell out. */
async function prepare(db: Database): Promise<Setting> {
  const ids = async (query: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await db.execute(query)).map((row) => row.id);
  await db.execute(sql`UPDATE products SET total_items = items_sold + 1000000 WHERE status = 1 AND deleted_at IS NULL`);
  const passwordHash = await hashPassword(PASSWORD);
  const accounts: Account[] = [];
  for (let start = 0; start < accountCount; start += 500) {
    const batch = Array.from({ length: Math.min(500, accountCount - start) }, (_, index) => `mixed-${start + index}@bench.example`);
    const made = await db
      .insert(users)
      .values(
        batch.map((email) => ({
          username: email,
          email,
          password_hash: passwordHash,
          first_name: 'Mixed',
          last_name: 'Load',
          user_type: 'Customer',
          status: 'Active',
          language: 'en' as const,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const tokens = made.map(() => randomBytes(32).toString('base64url'));
    await db
      .insert(sessions)
      .values(
        made.map((user, index) => ({ user_id: user.id, token_hash: hashToken(tokens[index]!), expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000) })),
      );
    made.forEach((user, index) => accounts.push({ email: user.email, token: tokens[index]! }));
  }
  const [location] = await ids(sql`SELECT id FROM delivery_locations ORDER BY id LIMIT 1`);
  return {
    productIds: await ids(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL AND has_colors <> 'Yes' AND has_sizes <> 'Yes' ORDER BY id`),
    categoryIds: await ids(sql`SELECT id FROM categories ORDER BY id`),
    locationId: location!,
    accounts,
  };
}

/** The endless stream of requests of one kind, shared by that kind's connections. */
function requestsOf(kind: Kind, setting: Setting): () => Request {
  let next = 0;
  const pick = <T>(list: readonly T[]) => list[next % list.length]!;
  const json = (body: unknown, token?: string): Pick<Request, 'headers' | 'body'> => ({
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const pages = setting.productIds.flatMap((id, index) => {
    const language = LANGUAGES[index % LANGUAGES.length]!;
    return [`${language}/product/${id}`, `${language}/category/${setting.categoryIds[index % setting.categoryIds.length]}`, language || '/'];
  });
  const searches = SEARCH_WORDS.flatMap((word) => [`/api/live-search?q=${word}&limit=6`, `/products?search=${word}`, `/lg/products?search=${word}`]);
  // An account places at most as many cash orders as it may have waiting, then the next account orders.
  const ordersPerAccount = PAYMENT_LIMITS.waitingCashOrdersPerAccount;
  const stream: Record<Kind, () => Request> = {
    browse: () => ({ method: 'GET', path: pick(pages), headers: BROWSER }),
    search: () => ({ method: 'GET', path: pick(searches), headers: BROWSER }),
    login: () => ({ method: 'POST', path: '/api/users/login', ...json({ username: pick(setting.accounts).email, password: PASSWORD }) }),
    order: () => {
      // Each order from the next account, as shoppers order one at a time, until every account has as many waiting as it may.
      const accountIndex = next % setting.accounts.length;
      const account = setting.accounts[accountIndex]!;
      if (next >= setting.accounts.length * ordersPerAccount) throw new Error(`Every account has placed ${ordersPerAccount} orders: give more --accounts`);
      const lines = 1 + (next % 3);
      const items = Array.from({ length: lines }, (_, line) => ({
        product_id: setting.productIds[(next * 7 + line * 13) % setting.productIds.length],
        quantity: 1 + line,
      }));
      const body = {
        items,
        customer_name: 'Mixed Load',
        customer_phone: `0772${String(100_000 + accountIndex).padStart(6, '0')}`,
        delivery_location_id: setting.locationId,
        delivery_address: 'Plot 1, Kampala Road',
        payment_gateway: 'cash_on_delivery',
        idempotency_key: `mixed-${process.pid}-${next}`,
      };
      return { method: 'POST', path: '/api/orders', ...json(body, account.token) };
    },
  };
  return () => {
    const request = stream[kind]();
    next++;
    return request;
  };
}

function send(agent: http.Agent, baseUrl: URL, request: Request): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { agent, host: baseUrl.hostname, port: baseUrl.port, method: request.method, path: request.path, headers: request.headers, timeout: 30_000 },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve({ status: response.statusCode ?? 0, fromCache: /HIT|STALE/.test(String(response.headers['x-astro-cache'] ?? '')) }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer to ${request.path} in 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** `connections` connections, shared among the kinds, each sending one request at a time until the time is up. */
async function load(baseUrl: string, streams: Record<Kind, () => Request>, seconds: number): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(baseUrl);
  const answers: Answer[] = [];
  const totalShares = chosenKinds.reduce((sum, kind) => sum + SHARES[kind], 0);
  const workers = chosenKinds.flatMap((kind) => {
    const count = Math.max(1, Math.round((connections * SHARES[kind]) / totalShares));
    const next = streams[kind];
    return Array.from({ length: count }, () => ({ kind, next }));
  });
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    workers.map(async ({ kind, next }) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const { status, fromCache } = await send(agent, url, next()).catch(() => ({ status: 0, fromCache: false }));
        answers.push({ kind, ms: performance.now() - started, status, fromCache });
      }
    }),
  );
  agent.destroy();
  return answers;
}

function print(answers: Answer[]) {
  const header = ['kind', 'answered', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '2xx', '4xx', '429', '5xx', 'failed', 'cached'];
  console.log(header.map((cell, index) => (index === 0 ? cell.padEnd(8) : cell.padStart(8))).join(' '));
  for (const kind of [...chosenKinds, 'all'] as const) {
    const mine = answers.filter((answer) => kind === 'all' || answer.kind === kind);
    const sorted = Float64Array.from(mine.map((answer) => answer.ms)).sort();
    const within = (low: number, high: number) => mine.filter((answer) => answer.status >= low && answer.status <= high).length;
    const cells = [
      mine.length,
      Math.round(mine.length / seconds),
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 99).toFixed(0),
      sorted[sorted.length - 1]!.toFixed(0),
      within(200, 299),
      within(400, 499),
      within(429, 429),
      within(500, 599),
      within(0, 0),
      mine.filter((answer) => answer.fromCache).length,
    ];
    console.log([kind.padEnd(8), ...cells.map((cell) => String(cell).padStart(8))].join(' '));
  }
}

await onScratchCatalogue('mixed_bench', async (dataDir) => {
  const setting = await prepareCatalogue(DEMO_PRODUCTS, prepare, dataDir);
  await withBenchStore(
    'on',
    async (baseUrl, store) => {
      const streams = Object.fromEntries(KINDS.map((kind) => [kind, requestsOf(kind, setting)])) as Record<Kind, () => Request>;
      // A few seconds of the same mix first, so the figures are not the store compiling its code.
      await load(baseUrl, streams, WARM_UP_SECONDS);
      const before = residentMemoryMb(store.pid);
      console.log(
        `Mixed load: ${driverName()}, ${DEMO_PRODUCTS} products, ${connections} connections for ${seconds} s, Node ${process.versions.node}, ` +
          `${os.availableParallelism()} CPUs, load average ${loadAverages()}`,
      );
      const cpuBefore = cpuSeconds(store.pid);
      const answers = await load(baseUrl, streams, seconds);
      const cpu = cpuSeconds(store.pid) - cpuBefore;
      print(answers);
      // CPU time does not depend on how busy the machine is the way reply times do: it compares builds on a shared machine.
      console.log(`The store's CPU: ${cpu.toFixed(1)} s, ${((cpu * 1000) / answers.length).toFixed(2)} ms a request`);
      console.log(`RSS ${before.toFixed(0)} MB before, ${residentMemoryMb(store.pid).toFixed(0)} MB after; load average at the end ${loadAverages()}`);
    },
    dataDir,
  );
});
