import { describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, register } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

const search = async (term: string, extra = '') => {
  const reply = await api(`/api/products?limit=100&search=${encodeURIComponent(term)}${extra}`);
  expect(reply.status, term).toBe(200);
  return reply.body.data as { data: Row[]; total: number };
};
const liveSearch = async (term: string) => (await api(`/api/live-search?limit=6&q=${encodeURIComponent(term)}`)).body.data;
const ids = (products: Row[]) => products.map((product) => product.id);

describe('search in the shopper\u2019s words', () => {
  it.each([
    ['essimu', 'phone'],
    ['simu', 'phone'],
    ['engatto', 'shoes'],
    ['viatu', 'shoes'],
    ['ssukaali', 'sugar'],
    ['sukari', 'sugar'],
  ])('"%s" finds what "%s" finds, in search, live search and the filter counts', async (word, english) => {
    const local = await search(word);
    const meant = await search(english);
    expect(meant.total).toBeGreaterThan(0);
    expect(local.total).toBe(meant.total);
    expect(ids(local.data)).toEqual(ids(meant.data));
    const live = await liveSearch(word);
    expect(live.total).toBe(meant.total);
    expect(ids(live.products)).toEqual(ids((await liveSearch(english)).products));
    expect(live.suggestions).toEqual((await liveSearch(english)).suggestions);
    const filters = (await api(`/api/filters?search=${word}`)).body.data;
    expect(filters).toEqual((await api(`/api/filters?search=${english}`)).body.data);
  });

  it('reads a phrase as one meaning, beside other words and filters', async () => {
    // "nguo za watoto" (children's clothes) is one entry, read before "nguo" (clothes) alone.
    expect((await search('nguo za watoto')).total).toBe((await search('kids clothing')).total);
    expect((await search("eby'awaka")).total).toBe((await search('home')).total);
    expect((await search('simu samsung')).total).toBe((await search('phone samsung')).total);
    expect((await search('viatu', '&in_stock=1')).total).toBe((await search('shoes', '&in_stock=1')).total);
  });

  it('has a Luganda and a Swahili word for every department of the catalogue', async () => {
    const words: Record<string, [string, string]> = {
      'Phones & Tablets': ['essimu', 'simu'],
      'TVs & Audio': ['ttivi', 'runinga'],
      Computing: ['laputopu', 'kompyuta'],
      Fashion: ['engoye', 'nguo'],
      'Home & Kitchen': ['effumbiro', 'jikoni'],
      Supermarket: ['emmere', 'chakula'],
      'Beauty & Health': ["eby'okwewunda", 'urembo'],
      'Baby & Kids': ['abaana', 'watoto'],
      'Sports & Outdoors': ['emizannyo', 'michezo'],
      Agriculture: ['ebyobulimi', 'kilimo'],
      Automotive: ['emmotoka', 'gari'],
      'Books & Stationery': ['ebitabo', 'vitabo'],
    };
    const categories = (await api('/api/categories')).body.data as Row[];
    const parents = categories.filter((c) => c.parent_id === null && c.product_count > 0);
    expect(parents.map((c) => c.category).sort()).toEqual(Object.keys(words).sort());
    for (const parent of parents) {
      for (const word of words[parent.category]!) {
        expect((await search(word, `&category=${parent.id}`)).total, `${word} in ${parent.category}`).toBeGreaterThan(0);
      }
    }
  });

  it('shows the results page for a Luganda word with the English word\u2019s products', async () => {
    const [first] = (await search('sugar')).data;
    const html = await (await fetch(url('/lg/products?search=ssukaali'))).text();
    expect(html).toContain(first!.name);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });
});

describe('GET and POST /api/search-synonyms', () => {
  it('lists the starting words for administrators only', async () => {
    const admin = await login(ADMIN.email, ADMIN.password, '10.40.0.1');
    const shopper = await register('10.40.0.2');
    expect((await call('/api/search-synonyms', null)).status).toBe(401);
    const refused = await call('/api/search-synonyms', shopper);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an administrator can do this');
    const listed = await call('/api/search-synonyms', admin);
    expect(listed.status).toBe(200);
    const rows = listed.body.data as Row[];
    for (const [term, language] of [
      ['essimu', 'lg'],
      ['engatto', 'lg'],
      ['ssukaali', 'lg'],
      ['simu', 'sw'],
      ['viatu', 'sw'],
      ['sukari', 'sw'],
    ]) {
      expect(rows.find((row) => row.term === term)).toMatchObject({ term, language, means: expect.any(String) });
    }
  });

  it('adds a word that search reads at once, and refuses what it cannot take', async () => {
    const admin = await login(ADMIN.email, ADMIN.password, '10.40.0.3');
    const shopper = await register('10.40.0.4');
    const blenders = await search('blender');
    expect(blenders.total).toBeGreaterThan(0);
    expect((await search('ekisekula')).total).toBe(0);
    expect((await liveSearch('ekisekula')).total).toBe(0);

    const refused = await call('/api/search-synonyms', shopper, 'POST', { term: 'ekisekula', means: 'blender', language: 'lg' });
    expect(refused.status).toBe(403);
    const added = await call('/api/search-synonyms', admin, 'POST', { term: ' Ekisekula ', means: 'Blender', language: 'lg' });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Search synonym added');
    expect(added.body.data).toMatchObject({ term: 'ekisekula', means: 'blender', language: 'lg' });
    expect((await search('ekisekula')).total).toBe(blenders.total);
    expect((await liveSearch('ekisekula')).total).toBe(blenders.total);

    const problems: [Row, number, string][] = [
      [{ means: 'blender', language: 'lg' }, 400, 'term: is required'],
      [{ term: '   ', means: 'blender', language: 'lg' }, 400, 'term: is required'],
      [{ term: '!!!', means: 'blender', language: 'lg' }, 400, 'term: must contain letters or digits'],
      [{ term: 'ekisero', means: '', language: 'lg' }, 400, 'means: is required'],
      [{ term: 'ekisero', means: 'basket', language: 'fr' }, 400, 'language: must be one of en, lg, sw'],
      [{ term: 'x'.repeat(61), means: 'basket', language: 'lg' }, 400, 'term: must be at most 60 characters'],
      [{ term: 'basket', means: 'Basket', language: 'en' }, 409, 'means: must be other words than the term'],
      [{ term: 'ESSIMU', means: 'radio', language: 'lg' }, 409, 'term: "essimu" already has a meaning'],
    ];
    for (const [body, status, message] of problems) {
      const reply = await call('/api/search-synonyms', admin, 'POST', body);
      expect([reply.status, reply.body.message], JSON.stringify(body)).toEqual([status, message]);
      expect(reply.body.code).toBe(0);
    }
    // What was refused changed nothing.
    expect((await search('essimu')).total).toBe((await search('phone')).total);
  });
});
