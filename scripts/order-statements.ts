/**
 * Lists the statements one order sends to PostgreSQL, from PostgreSQL's own log (`log_statement = all` on a
 * throwaway cluster): a web order of three lines from different vendors, paid on delivery, and a whole USSD
 * walk (search → product → order paid on delivery), screen by screen. Each request is sent when the store is
 * idle, and the log lines written meanwhile are its statements (BEGIN and COMMIT counted apart). With
 * `--show` it prints each statement's text, so what an order spends its round trips on can be read.
 *
 *   npm run bench:order-sql [-- --show 1]
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { hashToken, SESSION_DAYS } from '../src/server/accounts/sessions';
import { startThrowawayPostgres } from '../tests/support/throwaway-postgres';
import { startStore } from '../tests/support/server';
import { ensureStoreBuilt, prepareCatalogue } from './bench-support';

const { values: options } = parseArgs({ options: { show: { type: 'string', default: '0' } } });
const show = options.show === '1';
const TOKEN = 'order-sql-token';

type Setting = { token: string; productIds: number[]; locationId: number; placeName: string };

async function prepare(db: Database): Promise<Setting> {
  const ids = async (query: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await db.execute(query)).map((row) => row.id);
  const [user] = await db
    .insert(users)
    .values({ username: 'sql@bench.example', email: 'sql@bench.example', first_name: 'Sql', last_name: 'Trace', user_type: 'Customer', status: 'Active' })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000) });
  // One product of each of three vendors, without colours or sizes.
  const productIds = await ids(sql`SELECT DISTINCT ON (supplier) id FROM products
    WHERE status = 1 AND deleted_at IS NULL AND has_colors <> 'Yes' AND has_sizes <> 'Yes' AND supplier IS NOT NULL
      AND total_items - items_sold > 50 ORDER BY supplier, id LIMIT 3`);
  const [place] = rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM delivery_locations ORDER BY id LIMIT 1`));
  return { token, productIds, locationId: place!.id, placeName: place!.name };
}

/** The log lines PostgreSQL writes for statements: `execute <unnamed>: ...` or `statement: ...`. */
function statementsIn(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /LOG: {2}(?:execute [^:]*|statement): (.*)$/.exec(line)?.[1])
    .filter((statement): statement is string => statement !== undefined);
}

ensureStoreBuilt();
const postgres = await startThrowawayPostgres({ log: () => {} });
process.env.DATABASE_URL = postgres.url;
const logFile = path.join(postgres.folder, 'postgres.log');
try {
  const setting = await prepareCatalogue(120, prepare, '');
  const store = await startStore({
    databaseUrl: postgres.url,
    env: { SEED_ON_START: '0', USSD_CALLBACK_TOKEN: TOKEN, SMS_DISABLED: '0', LOG_LEVEL: 'warn' },
  });
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 150));
  /** Runs `request` with statements logged, and gives the statements the store sent meanwhile. */
  const traced = async (request: () => Promise<unknown>): Promise<string[]> => {
    await quiet();
    const from = statSync(logFile).size;
    await request();
    await quiet();
    return statementsIn(readFileSync(logFile, 'utf8').slice(from));
  };
  const report = (label: string, statements: string[]) => {
    const framing = statements.filter((statement) => /^(BEGIN|COMMIT|ROLLBACK)\b/i.test(statement)).length;
    console.log(`${label}: ${statements.length - framing} statements (+${framing} BEGIN/COMMIT)`);
    if (show) for (const statement of statements) console.log(`    ${statement.replace(/\s+/g, ' ').slice(0, 220)}`);
  };
  try {
    await admin.query(`ALTER SYSTEM SET log_statement = 'all'`);
    await admin.query('SELECT pg_reload_conf()');
    let serial = 0;
    const order = () =>
      fetch(`${store.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${setting.token}` },
        body: JSON.stringify({
          items: setting.productIds.map((product_id) => ({ product_id, quantity: 1 })),
          customer_name: 'Sql Trace',
          customer_phone: '0772100200',
          delivery_location_id: setting.locationId,
          delivery_address: 'Plot 1, Kampala Road',
          payment_gateway: 'cash_on_delivery',
          idempotency_key: `order-sql-${process.pid}-${serial++}`,
        }),
      }).then(async (response) => {
        if (response.status !== 201 && response.status !== 200) throw new Error(`order: ${response.status} ${await response.text()}`);
      });
    await traced(order); // the first order warms the caches
    report(`Web order (${setting.productIds.length} lines, ${setting.productIds.length} vendors, cash on delivery)`, await traced(order));

    const inputs: string[] = [];
    const screen = (input?: string) => async () => {
      if (input !== undefined) inputs.push(input);
      const response = await fetch(`${store.baseUrl}/api/ussd/${TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          sessionId: `sql-${process.pid}`,
          serviceCode: '*384*12#',
          phoneNumber: '+256772300400',
          networkCode: '64110',
          text: inputs.join('*'),
        }),
      });
      last = await response.text();
    };
    let last = '';
    const keyOf = (test: RegExp) =>
      last
        .split('\n')
        .find((line) => /^\d+ /.test(line) && test.test(line.replace(/^\d+ /, '')))
        ?.split(' ', 1)[0] ?? '1';
    const product = (await admin.query<{ name: string }>('SELECT name FROM products WHERE id = $1', [setting.productIds[0]])).rows[0];
    const steps: [string, () => string | undefined][] = [
      ['dial', () => undefined],
      ['main → search', () => '2'],
      ['search', () => product!.name],
      ['products → product', () => '1'],
      ['product → buy', () => '1'],
      ['quantity', () => '1'],
      ['place', () => keyOf(new RegExp(`^${setting.placeName}$`))],
      ['pay', () => keyOf(/^Cash on delivery$/)],
    ];
    let total = 0;
    for (const [label, input] of steps) {
      const statements = await traced(screen(input()));
      total += statements.length;
      report(`USSD ${label}`, statements);
    }
    if (last.startsWith('CON Your name?')) report('USSD name', await traced(screen('Sql Trace')));
    const confirm = await traced(screen('1'));
    report('USSD confirm (places the order)', confirm);
    console.log(`USSD screens before the confirm: ${total} statements in all; last screen: ${last.replace(/\n/g, ' | ')}`);
    await admin.query(`ALTER SYSTEM RESET log_statement`);
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
    await store.stop();
  }
} finally {
  await postgres.stop();
}
