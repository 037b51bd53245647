import { describe, expect, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;
const liveSearch = async (q: string, extra = '') => (await api(`/api/live-search?q=${encodeURIComponent(q)}${extra}`)).body;
const names = (products: Row[]) => products.map((p) => p.name.toLowerCase());
/** A guest id the store issues (signed): a guest's first call to the history gets one. */
const guest = async (): Promise<string> => (await api('/api/search-history')).body.data.session_id;
const post = (path: string, body: Row) => api(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('GET /api/live-search', () => {
  it('answers products, suggestions, the full total and the term, 10 by default', async () => {
    const body = await liveSearch('samsung');
    expect(body.code).toBe(1);
    const { products, suggestions, total, search_term } = body.data;
    expect(search_term).toBe('samsung');
    expect(products.length).toBe(10);
    expect(total).toBeGreaterThan(products.length);
    expect(Object.keys(products[0]).sort()).toEqual(['feature_photo', 'id', 'name', 'price_1']);
    expect(suggestions.length).toBeGreaterThan(0);
    expect((await liveSearch('samsung', '&limit=6')).data.products).toHaveLength(6);
  });

  it.each([
    ['samsng galxy', 'samsung galaxy'],
    ['sandal', 'sandals'],
    ['sandles', 'sandals'],
    ['adiddas', 'adidas'],
    ['hisens televison', 'hisense'],
  ])('finds what "%s" meant (%s)', async (typed, meant) => {
    const { products } = (await liveSearch(typed, '&limit=6')).data;
    expect(products.length).toBeGreaterThan(0);
    expect(names(products)[0]).toContain(meant);
  });

  it('puts the exact name first, then names that start with the query', async () => {
    const [target] = (await api('/api/products?sort_by=popularity&limit=1')).body.data.data;
    expect((await liveSearch(target.name)).data.products[0].name).toBe(target.name);
    const start = target.name.split(' ').slice(0, 2).join(' ').toLowerCase();
    const first = (await liveSearch(start, '&limit=6')).data.products[0].name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');
    expect(first.startsWith(start.replace(/[^\p{L}\p{N}]+/gu, ' '))).toBe(true);
  });

  it('ranks the same as /api/products?search=', async () => {
    const live = (await liveSearch('nivea', '&limit=6')).data;
    const listed = (await api('/api/products?search=nivea&limit=6')).body.data;
    expect(live.products.map((p: Row) => p.id)).toEqual(listed.data.map((p: Row) => p.id));
    expect(live.total).toBe(listed.total);
  });

  it.each(['', ' ', 'a', '  b  '])('gives empty results, not an error, for %j', async (q) => {
    const body = await liveSearch(q);
    expect(body).toMatchObject({ code: 1, data: { products: [], suggestions: [], total: 0 } });
  });

  it.each([
    ['a 10 KB query', 'samsung '.repeat(1300)],
    ['SQL', "'; DROP TABLE products; --"],
    ['regex', '(.*)+[a-z]{2,}\\d?'],
    ['tsquery syntax', 'phone & !case | (tv:*)'],
    ['unicode', 'Kampala café ñ Ωmega'],
    ['emoji', '📱📱 phone'],
  ])('answers %s with results or an empty list', async (_, q) => {
    const { status, body } = await api(`/api/live-search?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(Array.isArray(body.data.products)).toBe(true);
  });
});

describe('GET /api/search/suggestions', () => {
  it('completes what is being typed', async () => {
    const { suggestions } = (await api('/api/search/suggestions?q=suga')).body.data;
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) expect(s).toContain('suga');
  });

  it('is empty for a blank query', async () => {
    expect((await api('/api/search/suggestions?q=')).body.data.suggestions).toEqual([]);
  });
});

describe('search history', () => {
  it('keeps each guest session its own searches, newest first, without duplicates', async () => {
    const mine = await guest();
    const theirs = await guest();
    for (const query of ['tecno spark', 'nivea', 'Tecno Spark', 'sugar']) {
      const reply = await post('/api/search-history', { session_id: mine, query });
      expect(reply.body.code).toBe(1);
    }
    await post('/api/search-history', { session_id: theirs, query: 'kitenge' });

    const history = (await api(`/api/search-history?session_id=${mine}`)).body.data.recent_searches;
    expect(history.map((h: Row) => h.query)).toEqual(['sugar', 'Tecno Spark', 'nivea']);
    expect((await api(`/api/search-history?session_id=${mine}&limit=2`)).body.data.recent_searches).toHaveLength(2);
    expect((await api(`/api/search-history?session_id=${theirs}`)).body.data.recent_searches.map((h: Row) => h.query)).toEqual(['kitenge']);

    const cleared = await post('/api/search-history/clear', { session_id: mine });
    expect(cleared.body).toMatchObject({ code: 1, data: { cleared: 3 } });
    expect((await api(`/api/search-history?session_id=${mine}`)).body.data.recent_searches).toEqual([]);
    expect((await api(`/api/search-history?session_id=${theirs}`)).body.data.recent_searches).toHaveLength(1);
  });

  it("keeps a logged-in shopper's searches with the account, apart from any guest session", async () => {
    const email = `history.${Date.now()}@example.com`;
    const registered = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.200.0.1' },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Amina', last_name: 'Nansubuga' }),
    });
    const user = registered.body.data;
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) };
    const session = await guest();
    await api('/api/search-history', { method: 'POST', headers, body: JSON.stringify({ query: 'gomesi', session_id: session }) });
    await post('/api/search-history', { session_id: session, query: 'kitenge' });

    const mine = (await api('/api/search-history', { headers })).body.data.recent_searches.map((h: Row) => h.query);
    expect(mine).toEqual(['gomesi']);
    expect((await api(`/api/search-history?session_id=${session}`)).body.data.recent_searches.map((h: Row) => h.query)).toEqual(['kitenge']);

    expect((await api('/api/search-history/clear', { method: 'POST', headers, body: '{}' })).body.data.cleared).toBe(1);
    expect((await api('/api/search-history', { headers })).body.data.recent_searches).toEqual([]);
    expect((await api(`/api/search-history?session_id=${session}`)).body.data.recent_searches).toHaveLength(1);
  });

  it("accepts the spec client's multipart posts", async () => {
    const session = await guest();
    const form = new FormData();
    form.append('session_id', session);
    form.append('query', 'rice cooker');
    const { body } = await api('/api/search-history', { method: 'POST', body: form });
    expect(body.code).toBe(1);
    expect((await api(`/api/search-history?session_id=${session}`)).body.data.recent_searches[0].query).toBe('rice cooker');
  });

  it('gives a guest without a signed id a new one, and refuses bad terms and limits with clear messages', async () => {
    const noSession = await api('/api/search-history');
    expect(noSession.status).toBe(200);
    expect(noSession.body.data).toEqual({ recent_searches: [], session_id: expect.stringMatching(/^guest_\d{13}_[0-9a-f]{24}\.[\w-]{43}$/) });
    const forged = await post('/api/search-history', { session_id: "guest_1_'; --", query: 'kettle' });
    expect(forged.status).toBe(200);
    expect(forged.body.data.session_id).not.toBe("guest_1_'; --");
    const shortTerm = await post('/api/search-history', { session_id: await guest(), query: 'a' });
    expect(shortTerm.status).toBe(400);
    expect(shortTerm.body.message).toBe('query: must be at least 2 characters');
    expect((await api(`/api/search-history?session_id=${await guest()}&limit=0`)).status).toBe(400);
    expect((await post('/api/search-history/clear', {})).body.data).toEqual({ cleared: 0 });
  });
});

describe('search pages', () => {
  it('/products?search= shows the same first result as live search, with facets', async () => {
    const [first] = (await liveSearch('samsng galxy', '&limit=1')).data.products;
    const html = await (await fetch(new URL('/products?search=samsng%20galxy', (await import('vitest')).inject('baseUrl')))).text();
    expect(html).toContain(first.name);
    expect(html).toContain('Best match');
  });
});
