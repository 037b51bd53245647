/**
 * A guest's search history is read only with the signed id the store issued to that guest: a stranger who
 * knows, guesses or makes up an id reads nothing, and `GET /api/search-history` reads `X-Session-ID` as
 * docs/api.md says.
 */
import { describe, expect, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;

const post = (path: string, body: Row, headers: Record<string, string> = {}) =>
  api(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const history = async (headers: Record<string, string>, query = '') =>
  (await api(`/api/search-history${query}`, { headers })).body.data.recent_searches.map((search: Row) => search.query);

describe('a guest’s search history', () => {
  it('is kept under a signed id the store issues, in an HttpOnly cookie and in the reply', async () => {
    const first = await post('/api/search-history', { query: 'solar lantern' });
    expect(first.status).toBe(200);
    const signed: string = first.body.data.session_id;
    expect(signed).toMatch(/^guest_\d{13}_[0-9a-f]{24}\.[\w-]{43}$/);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^duuka_guest=${signed.replace('.', '\\.')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`));

    expect(await history({ Cookie: `duuka_guest=${signed}` })).toEqual(['solar lantern']);
    expect(await history({ 'X-Session-ID': signed })).toEqual(['solar lantern']);
    expect(await history({}, `?session_id=${encodeURIComponent(signed)}`)).toEqual(['solar lantern']);
  });

  it('GET /api/search-history reads X-Session-ID, as documented', async () => {
    const signed: string = (await api('/api/search-history')).body.data.session_id;
    await post('/api/search-history', { query: 'gomesi' }, { 'X-Session-ID': signed });
    await api('/api/live-search?q=kitenge', { headers: { 'X-Session-ID': signed } });
    expect(await history({ 'X-Session-ID': signed })).toEqual(['kitenge', 'gomesi']);
  });

  it('is not read by a stranger who knows or makes up an id', async () => {
    // The id a guest's browser used to make for itself: today anyone who knows it reads the history.
    const clientMade = `guest_${Date.now()}_k3j9x2abcd`;
    await post('/api/search-history', { session_id: clientMade, query: 'pregnancy test' }, { 'X-Session-ID': clientMade });
    expect(await history({ 'X-Session-ID': clientMade }, `?session_id=${clientMade}`)).toEqual([]);

    const victim: string = (await post('/api/search-history', { query: 'loan sharks kampala' })).body.data.session_id;
    const [id, signature] = victim.split('.') as [string, string];
    const otherSignature = ((await api('/api/search-history')).body.data.session_id as string).split('.')[1];
    for (const stranger of [id, `${id}.${otherSignature}`, `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'Q' : 'A'}`, `${id}.`]) {
      expect(await history({ 'X-Session-ID': stranger }), stranger).toEqual([]);
      expect(await history({}, `?session_id=${encodeURIComponent(stranger)}`), stranger).toEqual([]);
      expect(await history({ Cookie: `duuka_guest=${stranger}` }), stranger).toEqual([]);
      expect((await post('/api/search-history/clear', { session_id: stranger })).body.data.cleared, stranger).toBe(0);
    }
    expect(await history({ 'X-Session-ID': victim })).toEqual(['loan sharks kampala']);
  });
});
