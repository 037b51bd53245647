/**
 * Input no route should have to think about is refused by one rule before any service reads it: a control
 * character (NUL first: PostgreSQL's text cannot hold it, so it used to fail the query with a 500) in any text a
 * client sends, in a body however deep, a query parameter or the path, is a 400 naming the field; an id of 2^31 or
 * more (beyond PostgreSQL's integer) is a 400 naming the field wherever an id is read. Also what a stranger may
 * read of /api/health, and a guest's wishlist_check.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

const NUL = '\u0000';
const CONTROL = 'must not contain control characters';
const BEYOND = 2 ** 31;

let admin: Caller;
let shopper: Caller & { email: string };
let categoryId: number;

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.248.0.1');
  shopper = await register('10.248.0.2', 'Nabirye');
  const products = (await api('/api/products?limit=1')).body.data.data as Row[];
  categoryId = products[0]!.category_id ?? products[0]!.category;
});

/** A request from an address of its own, so the login and reset limits never answer instead of the rule. */
let addresses = 0;
const from = () => ({ 'X-Forwarded-For': `10.248.1.${++addresses}` });

describe('a control character in any text', () => {
  it('is refused with 400 naming the field on login and password reset, never a 500', async () => {
    for (const [body, field] of [
      [{ username: `akello${NUL}@example.com`, password: 'Kampala-2026!' }, 'username'],
      [{ username: 'akello@example.com', password: `Kampala${NUL}` }, 'password'],
      [{ task: 'request_password_reset', username: `akello${NUL}@example.com` }, 'username'],
      [{ task: 'reset_password', email: 'akello@example.com', code: `12${NUL}34`, password: 'Kampala-2026!' }, 'code'],
      [{ username: 'akello@example.com', password: 'Kampala-2026!\u0007' }, 'password'],
      [{ username: 'akello@example.com', password: 'Kampala-2026!\u009b' }, 'password'],
    ] as const) {
      const reply = await api('/api/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...from() },
        body: JSON.stringify(body),
      });
      expect([reply.status, reply.body.message], JSON.stringify(body)).toEqual([400, `${field}: ${CONTROL}`]);
    }
  });

  it('is refused in a form body and in Luganda too', async () => {
    const form = new FormData();
    form.set('username', `akello${NUL}`);
    form.set('password', 'Kampala-2026!');
    const reply = await api('/api/users/login', { method: 'POST', headers: from(), body: form });
    expect([reply.status, reply.body.message]).toEqual([400, `username: ${CONTROL}`]);
    const inLuganda = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'lg', ...from() },
      body: JSON.stringify({ username: `akello${NUL}`, password: 'x' }),
    });
    expect(inLuganda.status).toBe(400);
    expect(inLuganda.body.message).not.toContain(CONTROL);
    expect(inLuganda.body.message).toContain('username');
  });

  it('is refused in the brand and color filters of the API and the category page, naming the parameter', async () => {
    for (const name of ['brand', 'color']) {
      for (const path of [`/api/products?${name}=Acme%00`, `/api/products?category=${categoryId}&${name}=a&${name}=%00b`, `/api/filters?${name}=%00`]) {
        const reply = await api(path);
        expect([reply.status, reply.body.message], path).toEqual([400, `${name}: ${CONTROL}`]);
      }
      const page = await fetch(new URL(`/category/${categoryId}?${name}=%00`, inject('baseUrl')));
      expect(page.status).toBe(400);
      expect(await page.text()).toBe(`${name}: ${CONTROL}`);
    }
    const path = await fetch(new URL('/category/%00', inject('baseUrl')));
    expect(path.status).toBe(400);
  });

  it('is refused deep in a draft of the page editor', async () => {
    const before = (await call('/api/content/about', admin)).body.data;
    const content = { ...before.published, body: `${before.published.body}\n\nTab\tand new line are text; NUL${NUL} is not.` };
    const reply = await call('/api/content/about', admin, 'PUT', { version: before.version, content });
    expect([reply.status, reply.body.message]).toEqual([400, `content.body: ${CONTROL}`]);
    const kept = (await call('/api/content/about', admin)).body.data;
    expect(kept.version).toBe(before.version);

    // Tabs, new lines and every language's letters are text.
    const fine = { ...before.published, body: `${before.published.body}\r\n\tÀkèllo — Ssemakula` };
    const saved = await call('/api/content/about', admin, 'PUT', { version: before.version, content: fine });
    expect(saved.status, saved.body.message).toBe(200);
  });
});

describe('an id of 2^31 or more', () => {
  it('is refused with 400 naming the field on the payouts and commission routes', async () => {
    for (const path of [
      '/api/payouts',
      '/api/payouts/balance',
      '/api/payouts/earnings',
      '/api/payouts/method',
      '/api/payouts/statement.csv?from=2026-01-01&to=2026-01-31',
    ]) {
      const asked = `${path}${path.includes('?') ? '&' : '?'}vendor_id=${BEYOND}`;
      const reply = await fetch(new URL(asked, inject('baseUrl')), { headers: admin.headers });
      const body = (await reply.json()) as Row;
      expect([reply.status, body.message], asked).toEqual([400, expect.stringMatching(/^vendor_id: /)]);
    }
    const held = await call('/api/payouts/holds', admin, 'POST', { vendor_id: BEYOND, reason: 'Checking the bank details' });
    expect([held.status, held.body.message]).toEqual([400, 'vendor_id: must be at most 2147483647']);
    const released = await call(`/api/payouts/holds/${BEYOND}/release`, admin, 'POST');
    expect([released.status, released.body.message]).toEqual([400, 'vendor_id: must be at most 2147483647']);
    for (const outcome of ['paid', 'failed']) {
      const settled = await call(`/api/payouts/${BEYOND}/${outcome}`, admin, 'POST', { reference: 'TT-1', reason: 'bank refused' });
      expect([settled.status, settled.body.message]).toEqual([400, 'id: must be at most 2147483647']);
    }
    const rate = await call('/api/commission-rates', admin, 'POST', { category_id: BEYOND, rate_percent: 5 });
    expect([rate.status, rate.body.message]).toEqual([400, 'category_id: must be at most 2147483647']);
    const asText = await call('/api/commission-rates', admin, 'POST', { category_id: String(BEYOND), rate_percent: 5 });
    expect([asText.status, asText.body.message]).toEqual([400, 'category_id: must be at most 2147483647']);
  });

  it('is refused in a product id and a route id alike', async () => {
    const checked = await call('/api/wishlist_check', shopper, 'POST', { product_id: BEYOND });
    expect([checked.status, checked.body.message]).toEqual([400, 'product_id: must be at most 2147483647']);
    const order = await call(`/api/orders/${BEYOND}`, shopper);
    expect([order.status, order.body.message]).toEqual([400, 'id: must be at most 2147483647']);
    // Not a number at all is still the order not found.
    expect((await call('/api/orders/abc', shopper)).status).toBe(404);
  });
});

describe('GET /api/health for anyone but an administrator', () => {
  it('says "storage ok" and "edge purge ok" without a path or an address; an administrator reads them', async () => {
    for (const who of [null, shopper]) {
      const health = await call('/api/health', who);
      expect(health.status).toBe(200);
      expect(health.body.data.storage).toEqual({ ok: true, detail: 'storage ok' });
      expect(health.body.data.edge).toEqual({ ok: true, detail: 'edge purge ok' });
      expect(JSON.stringify(health.body.data)).not.toMatch(/\/|https?:|\d+\.\d+\.\d+\.\d+/);
    }
    const full = await call('/api/health', admin);
    expect(full.body.data.storage.detail).not.toBe('storage ok');
    expect(full.body.data.storage.detail.length).toBeGreaterThan('storage ok'.length);
  });
});
