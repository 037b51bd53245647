/**
 * What is meant for a developer's machine never runs in a live store: the payment fakes stop a production
 * store at start (and any store on a PostgreSQL server), they are not in the built app, and the developer
 * pages answer only an administrator unless the developer opened them; the integration status (error reports,
 * the text message log) is for administrators in every mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startRefused, startStore } from '../support/server';
import { pageCookie, register } from './callers';
import { ADMIN } from './server.setup';

const PRODUCTION = { NODE_ENV: 'production', SITE_URL: 'https://duuka.example' };

/** An administrator's session cookie on the store at `baseUrl`. */
async function administratorCookie(baseUrl: string): Promise<string> {
  const reply = await fetch(new URL('/api/users/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.37.0.1' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(reply.status).toBe(200);
  return `duuka_session=${(await reply.json()).data.token}`;
}

const statusOf = async (baseUrl: string, pathname: string, cookie?: string) =>
  (await fetch(new URL(pathname, baseUrl), { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })).status;

/** Starts the store with `env` and expects it to stop at once with code 1, saying `why`. */
async function expectRefusedStart(env: Record<string, string>, why: string) {
  const refused = await startRefused(env);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(`The store cannot start: ${why}`);
}

describe('the payment fakes', () => {
  it('stop a production store at start, naming PAYMENT_FAKES', async () => {
    await expectRefusedStart({ ...PRODUCTION, PAYMENT_FAKES: '1' }, 'PAYMENT_FAKES=1 cannot be used with NODE_ENV=production');
  }, 150_000);

  it('stop a store whose NODE_ENV says production in another way (Production, prod)', async () => {
    for (const said of ['Production', 'prod']) {
      await expectRefusedStart({ ...PRODUCTION, NODE_ENV: said, PAYMENT_FAKES: '1' }, 'PAYMENT_FAKES=1 cannot be used with NODE_ENV=production');
    }
  }, 150_000);

  it('stop a store on a PostgreSQL server at start, whose payment requests may be real', async () => {
    await expectRefusedStart(
      { PAYMENT_FAKES: '1', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      'PAYMENT_FAKES=1 runs only on the embedded database',
    );
  }, 150_000);

  it('are not part of the built app', () => {
    const files = readdirSync('dist/server', { recursive: true, encoding: 'utf8' }).filter((file) => /\.m?js$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    // Words only the fakes' code holds: their routes and the demo's approval switch.
    for (const file of files) expect(readFileSync(path.join('dist/server', file), 'utf8'), file).not.toMatch(/__fake\/|approveAfterMs/);
  });
});

describe('the developer pages', () => {
  it('DEV_PAGES=1 stops a production store at start', async () => {
    await expectRefusedStart({ ...PRODUCTION, DEV_PAGES: '1' }, 'DEV_PAGES=1 cannot be used with NODE_ENV=production');
  }, 150_000);

  it('answer only an administrator in a production store', async () => {
    const store = await startStore({
      env: { NODE_ENV: 'production', SMS_DISABLED: '1', DEV_PAGES: '0', SEED_ON_START: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    try {
      const admin = await administratorCookie(store.baseUrl);
      for (const pathname of ['/toast-demo', '/api-test', '/test', '/integration-status']) {
        expect(await statusOf(store.baseUrl, pathname), pathname).toBe(404);
        expect(await statusOf(store.baseUrl, pathname, admin), pathname).toBe(200);
      }
    } finally {
      await store.stop();
    }
  }, 180_000);

  it('show the integration status (error reports, texts) to an administrator only, even with DEV_PAGES=1', async () => {
    const baseUrl = inject('baseUrl');
    expect(await statusOf(baseUrl, '/toast-demo')).toBe(200);
    expect(await statusOf(baseUrl, '/integration-status')).toBe(404);
    expect(await statusOf(baseUrl, '/integration-status', pageCookie(await register('10.37.0.2')).Cookie)).toBe(404);
    const page = await fetch(new URL('/integration-status', baseUrl), { headers: { Cookie: await administratorCookie(baseUrl) } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Recent errors');
  });
});
