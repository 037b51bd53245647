/**
 * A store that stops while a buyer is approving a mobile money request, and whose callback therefore lands
 * nowhere: on its next start the reconciler asks the network and the order is paid. Real store processes on
 * one PGlite data folder and a local fake MTN (needs `npm run build`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startFakeMtnMomo, type FakeMtnMomo } from '~/server/fakes/fake-mtn-momo';

type Row = Record<string, any>;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-momo-restart-'));
let mtn: FakeMtnMomo;

beforeAll(async () => {
  mtn = await startFakeMtnMomo({ approveAfterMs: 60 * 60_000 });
});

afterAll(async () => {
  await mtn?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const fake = async (action: string, body: unknown) =>
  (await fetch(`${mtn.baseUrl}/__fake/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();

it('a request approved while the store was down is found paid by the reconciler when it starts again', async () => {
  const port = await freePort();
  const options = { port, env: { ...mtn.env, DATA_DIR: dataDir, SEED_PRODUCTS: '20' } };
  const first = await startStore(options);
  const json = (path: string, init: RequestInit = {}) =>
    fetch(`${first.baseUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } }).then(
      (reply) => reply.json() as Promise<Row>,
    );

  const email = `restart.${Date.now()}@example.com`;
  const { data: account } = await json('/api/users/register', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Okello', last_name: 'Tester' }),
  });
  const auth = { Authorization: `Bearer ${account.token}` };
  const location = (await json('/api/manifest')).data.delivery_locations[0];
  const product = (await json('/api/products?limit=50&in_stock=1')).data.data.find((p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes');
  const placed = await json('/api/orders', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Okello James',
      customer_phone: '0772 410 221',
      delivery_location_id: location.id,
      delivery_address: 'Plot 3, Gulu Road',
      payment_gateway: 'mtn_momo',
    }),
  });
  expect(placed.data.payment_status).toBe('PENDING_PAYMENT');
  const reference = placed.data.payment.gateway_reference;
  expect(await first.stop()).toBe(0);

  // The buyer approves while the store is down: MTN's one callback finds nobody.
  const decided = await fake('decide', { reference, outcome: 'success' });
  expect(decided.status).toBe('SUCCESSFUL');

  const second = await startStore(options);
  try {
    const deadline = Date.now() + 20_000;
    let order: Row = {};
    while (Date.now() < deadline) {
      order = (await (await fetch(`${second.baseUrl}/api/orders/${placed.data.id}`, { headers: auth })).json()).data;
      if (order.payment_status === 'COMPLETED') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(order.payment_status).toBe('COMPLETED');
    expect(second.output()).toContain(`mtn_momo request for order ${placed.data.id}: PENDING_PAYMENT → COMPLETED (reconciled)`);
  } finally {
    await second.stop();
  }
}, 240_000);
