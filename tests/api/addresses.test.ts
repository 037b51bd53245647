import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;
let owner: Record<string, string>;
let other: Record<string, string>;
let location: Row;

const call = (path: string, headers: Record<string, string>, method = 'GET', body?: Row) =>
  api(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });

async function register(address: string) {
  const email = `addresses.${address}.${Date.now()}@example.com`;
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Achieng', last_name: 'Tester' }),
  });
  return { Authorization: `Bearer ${reply.body.data.token}` };
}

const home = (extra: Row = {}) => ({
  name: 'Achieng Tester',
  phone: '0772 555 010',
  delivery_location_id: location.id,
  address: 'Plot 7, Kira Road, near the school',
  ...extra,
});

beforeAll(async () => {
  [owner, other] = await Promise.all([register('10.220.0.1'), register('10.220.0.2')]);
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
});

describe('saved delivery addresses', () => {
  it('need a login', async () => {
    expect((await call('/api/addresses', {})).status).toBe(401);
  });

  it('are checked, and the newest saved becomes the default, listed first', async () => {
    expect((await call('/api/addresses', owner)).body.data).toEqual([]);
    const badPhone = await call('/api/addresses', owner, 'POST', home({ phone: 'call me' }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe('phone: Enter a phone number, e.g. 0772 123 456');
    const badPlace = await call('/api/addresses', owner, 'POST', home({ delivery_location_id: 99_999 }));
    expect(badPlace.body.message).toBe('Choose a delivery location from the list');

    const first = (await call('/api/addresses', owner, 'POST', home())).body.data;
    const second = await call('/api/addresses', owner, 'POST', home({ address: 'Plot 9, Ntinda Road' }));
    expect(second.status).toBe(201);
    const listed = (await call('/api/addresses', owner)).body.data;
    expect(listed.map((entry: Row) => [entry.id, entry.is_default])).toEqual([
      [second.body.data.id, true],
      [first.id, false],
    ]);
  });

  it('are removed only by their owner', async () => {
    const [mine] = (await call('/api/addresses', owner)).body.data;
    const theirs = await call(`/api/addresses/${mine.id}`, other, 'DELETE');
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Address not found');
    expect((await call(`/api/addresses/${mine.id}`, owner, 'DELETE')).status).toBe(200);
    expect((await call('/api/addresses', owner)).body.data).toHaveLength(1);
    expect((await call('/api/addresses', other)).body.data).toEqual([]);
  });
});
