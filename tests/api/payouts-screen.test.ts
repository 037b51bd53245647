/**
 * Who may open the payouts screen, and what each finds there: a guest is sent to log in, a shopper to the shop
 * application, a vendor gets its own money and an administrator the store's payout tools. The page is never
 * cached or indexed, and is linked from the dashboard's navigation.
 */
import { beforeAll, expect, it } from 'vitest';
import { url } from './client';
import { login, pageCookie, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

let admin: Caller;
let vendor: Caller;
let shopper: Caller;

const open = (who: Caller | null) => fetch(url('/vendor-dashboard/payouts'), { headers: who ? pageCookie(who) : {}, redirect: 'manual' });

beforeAll(async () => {
  [admin, vendor, shopper] = await Promise.all([
    login(ADMIN.email, ADMIN.password, '10.62.0.1'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.62.0.2'),
    register('10.62.0.3', 'Payouts'),
  ]);
});

it('sends a guest to log in first, and back here after', async () => {
  const reply = await open(null);
  expect(reply.status).toBe(302);
  expect(reply.headers.get('location')).toBe(`/auth/login?redirect=${encodeURIComponent('/vendor-dashboard/payouts')}`);
});

it('sends a shopper who does not sell to the shop application', async () => {
  const reply = await open(shopper);
  expect(reply.status).toBe(302);
  expect(reply.headers.get('location')).toBe('/vendor-dashboard/shop');
});

it("gives a vendor its balance, earnings, payouts, statement and payout method, and none of the administrator's tools", async () => {
  const reply = await open(vendor);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('cache-control')).toMatch(/no-store/);
  const html = await reply.text();
  for (const part of ['Balance', 'Earnings', 'Payouts', 'Statement', 'Where you are paid']) expect(html).toContain(`>${part}</h2>`);
  for (const part of ['Commission rates', 'Payout run', 'Held vendors']) expect(html).not.toContain(`>${part}</h2>`);
  expect(html).toContain('href="/vendor-dashboard/payouts"');
});

it('gives an administrator the rates, the run, held vendors and payouts to settle, with the categories and vendors to choose from', async () => {
  const reply = await open(admin);
  expect(reply.status).toBe(200);
  const html = await reply.text();
  for (const part of ['Payout run', 'Commission rates', 'Held vendors', 'Payouts to settle by hand', 'All payouts']) expect(html).toContain(`>${part}</h2>`);
  expect(html).toContain('Run payouts now');
  expect(html).toMatch(/<option value="\d+">[^<]+<\/option>/);
  expect(html).not.toContain('>Where you are paid</h2>');
  expect(html).toContain('href="/vendor-dashboard/payouts"');
});
