/**
 * One USSD session answered by two store instances on one PostgreSQL, screen after screen in turn: the session's
 * state lives in the database, so each instance takes up where the other left off, and the order is placed once.
 * PGlite is one process, so this runs on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { startStore, type RunningStore } from '../support/server';
import { USSD_CALLBACK_TOKEN } from './server.setup';
import { freshNumber, UssdPhone } from './ussd-support';

type Row = Record<string, any>;

const databaseUrl = process.env.API_DATABASE_URL;
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(databaseUrl);

let second: RunningStore;

describe.skipIf(!onPostgres)('a USSD session over two instances', () => {
  beforeAll(async () => {
    second = await startStore({ databaseUrl, env: { SEED_ON_START: '0', USSD_CALLBACK_TOKEN, ...inject('paymentFakesEnv') } });
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
  });

  it('goes on from one instance to the other at every screen, and places one order', async () => {
    const place: Row = (await api('/api/manifest')).body.data.delivery_locations[0];
    const listed: Row[] = (await api('/api/products?limit=60&in_stock=1&sort_by=price_1&sort_order=asc')).body.data.data;
    const product = listed.find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5)!;
    const [first, other] = [inject('baseUrl'), second.baseUrl];
    const phone = new UssdPhone(freshNumber('77'), first);
    await phone.dial(first);
    await phone.send('2', other);
    expect(phone.last).toBe('CON What are you looking for?\n00 Back');
    await phone.send(product.name, first);
    const price = Number(product.price_1).toLocaleString('en-US');
    await phone.choose(new RegExp(`^${product.name.split(' ', 1)[0]}.* ${price}$`), other);
    expect(phone.last).toContain(product.name);
    await phone.send('1', first);
    await phone.send('1', other);
    expect(phone.last).toMatch(/^CON Deliver to\?/);
    await phone.choose(new RegExp(`^${place.name}$`), first);
    await phone.choose(/^Cash on delivery$/, other);
    await phone.send('Opio Two', first);
    expect(phone.last).toContain(`1 x ${product.name}`);
    const done = await phone.send('1', other);
    expect(done).toMatch(/^END Order #\d+ placed\. Pay UGX [\d,]+ on delivery\.$/);
    // The confirmation sent again to the first instance finds the session ended there too.
    expect(await phone.post(first)).toBe(done);
  });
});
