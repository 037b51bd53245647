import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api } from './client';
import { pageCookie } from './callers';
import { ADMIN } from './server.setup';
import { startStore } from '../support/server';

type Shopper = { id: number; headers: Record<string, string> };

let admin: Shopper;
let shopper: Shopper;

const report = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  message: 'Cannot read properties of undefined (reading "price_1")',
  stack: 'TypeError: Cannot read properties of undefined\n    at ProductLine (ProductLine.tsx:12:5)',
  time: new Date().toISOString(),
  agent: 'Mozilla/5.0 (Linux; Android 10; itel A56) Chrome/120',
  url: 'http://127.0.0.1/cart',
  user_id: null,
  ...extra,
});

const post = (body: unknown, address: string, headers: Record<string, string> = {}) =>
  api('/api/errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const storedReports = async () => (await api('/api/errors', { headers: admin.headers })).body.data as Record<string, any>[];

beforeAll(async () => {
  const login = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.230.0.1' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  admin = { id: login.body.data.id, headers: { Authorization: `Bearer ${login.body.data.token}` } };
  const email = `reporter.${Date.now()}@example.com`;
  const registered = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.230.0.2' },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Ruth', last_name: 'Apio' }),
  });
  shopper = { id: registered.body.data.id, headers: { Authorization: `Bearer ${registered.body.data.token}` } };
});

describe('POST /api/errors', () => {
  it('stores a report, naming its user only when the request is logged in as them, for administrators to read', async () => {
    const anonymous = await post(report('ERR-ANON2345', { user_id: shopper.id }), '10.230.1.1');
    expect(anonymous.status).toBe(201);
    expect(anonymous.body).toMatchObject({ code: 1, data: { id: 'ERR-ANON2345' } });
    expect((await post(report('ERR-SIGNED23'), '10.230.1.1', shopper.headers)).status).toBe(201);

    const stored = await storedReports();
    expect(stored.find((r) => r.error_id === 'ERR-ANON2345')).toMatchObject({
      user_id: null,
      source: 'browser',
      url: 'http://127.0.0.1/cart',
      agent: expect.stringContaining('itel'),
    });
    expect(stored.find((r) => r.error_id === 'ERR-SIGNED23')).toMatchObject({
      user_id: shopper.id,
      message: expect.stringContaining('price_1'),
      stack: expect.stringContaining('ProductLine'),
    });
  });

  it('refuses malformed and oversized reports clearly, storing nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      ['{"id": "ERR-1", ', 400, /^The request body is not valid JSON$/],
      [[1, 2], 400, /^The request body must be a JSON object$/],
      [report('ERR-NOMESSAGE', { message: undefined }), 400, /^message: /],
      [report('ERR-BAD ID!'), 400, /^id: must be letters, digits, - or _$/],
      [report('ERR-LONGMSG', { message: 'x'.repeat(2001) }), 400, /^message: must be at most 2000 characters$/],
      [report('ERR-TOOBIG', { stack: 'x'.repeat(40_000) }), 413, /^Request body is too large$/],
    ];
    for (const [body, status, message] of cases) {
      const reply = await post(body, '10.230.2.1');
      expect(reply.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(reply.body.message).toMatch(message);
    }
    expect((await storedReports()).some((r) => ['ERR-NOMESSAGE', 'ERR-LONGMSG', 'ERR-TOOBIG'].includes(r.error_id))).toBe(false);
  });

  it('takes at most 30 reports in 10 minutes from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(report(`ERR-FLOOD${i}`), '10.230.3.1')).status);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    const refused = await post(report('ERR-FLOODX'), '10.230.3.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many error reports from this address/);
    expect((await post(report('ERR-ELSEWHERE'), '10.230.3.2')).status).toBe(201);
  });
});

describe('GET /api/errors', () => {
  it('is for administrators only', async () => {
    expect((await api('/api/errors')).status).toBe(401);
    const refused = await api('/api/errors', { headers: shopper.headers });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an administrator can do this');
  });
});

describe('a page that fails on the server', () => {
  it('answers 500 with the error screen and stores the failure under the id it shows', async () => {
    const response = await fetch(new URL('/toast-demo?crash=server', inject('baseUrl')));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Oops! Something went wrong');
    for (const button of ['Try Again', 'Go Home', 'Reload Page']) expect(html).toContain(button);
    const id = /ERR-[0-9A-Z]{8}/.exec(html)?.[0];
    expect(id).toBeDefined();
    expect((await storedReports()).find((r) => r.error_id === id)).toMatchObject({
      source: 'server',
      message: 'Server crash requested on /toast-demo',
      url: expect.stringContaining('/toast-demo?crash=server'),
    });
  });
});

describe('the developer pages', () => {
  it('are not there for a guest in a built store without DEV_PAGES=1', async () => {
    const store = await startStore({ env: { SEED_ON_START: '0', DEV_PAGES: '0' } });
    try {
      for (const path of ['/toast-demo', '/api-test', '/test', '/integration-status']) {
        expect((await fetch(new URL(path, store.baseUrl))).status, path).toBe(404);
      }
    } finally {
      await store.stop();
    }
  }, 180_000);

  it('are there, unindexed, with DEV_PAGES=1 (the integration status for an administrator only)', async () => {
    for (const path of ['/toast-demo', '/api-test', '/test', '/integration-status']) {
      const response = await fetch(new URL(path, inject('baseUrl')), { headers: path === '/integration-status' ? pageCookie(admin) : {} });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<meta name="robots" content="noindex');
    }
  });
});
