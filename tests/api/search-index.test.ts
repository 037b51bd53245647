/**
 * The store answers searches from an in-memory index (src/server/search/search-index.ts) that reads the rows of
 * product_search written since it last looked before each search. Here another writer — a plain connection to
 * the same PostgreSQL, which announces nothing, as another instance whose message was lost — renames, sells and
 * hides products, and the very next search shows it. PGlite is one process: tests/unit/search-index.test.ts
 * covers the index there.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { api } from './client';

type Row = Record<string, any>;

const databaseUrl = process.env.API_DATABASE_URL;
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(databaseUrl);
const liveSearch = async (q: string) => (await api(`/api/live-search?q=${encodeURIComponent(q)}&limit=6`)).body.data;

describe.skipIf(!onPostgres)('search after another instance writes', () => {
  let client: pg.Client;
  let first: Row;
  let second: Row;
  /** A word no product has, new in each run, so no earlier search of it is cached. */
  const word = `zq${Date.now().toString(36)}`;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    [first, second] = (await api('/api/products?sort_by=created_at&sort_order=asc&limit=2')).body.data.data;
    // A search builds the index; the demo catalogue's takes well under a second.
    await liveSearch('phone');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // What the store's own product writes add to the vocabulary (indexProductWords).
    await client.query(`INSERT INTO search_terms (word, documents) SELECT unnest($1::text[]), 1 ON CONFLICT DO NOTHING`, [[word, 'kettle', 'deluxe']]);
  });

  afterAll(async () => {
    await client?.end();
  });

  it('finds a product renamed by another writer at once, the exact name first', async () => {
    await client.query('UPDATE products SET name = $1 WHERE id = $2', [`${word} Kettle`, first.id]);
    expect(await liveSearch(word)).toMatchObject({ total: 1, products: [{ id: first.id, name: `${word} Kettle` }] });

    await client.query('UPDATE products SET name = $1 WHERE id = $2', [`${word} Kettle Deluxe`, second.id]);
    const both = await liveSearch(`${word} kettle`);
    expect(both.total).toBe(2);
    expect(both.products.map((product: Row) => product.id)).toEqual([first.id, second.id]);
  });

  it('ranks by sales made elsewhere and leaves out a product hidden elsewhere', async () => {
    await client.query(
      `UPDATE products SET items_sold = (SELECT items_sold FROM products WHERE id = $1) + 5,
         total_items = (SELECT items_sold FROM products WHERE id = $1) + 10 WHERE id = $2`,
      [first.id, second.id],
    );
    expect((await liveSearch(`${word} ke`)).products.map((product: Row) => product.id)).toEqual([second.id, first.id]);

    await client.query('UPDATE products SET status = 0 WHERE id = $1', [second.id]);
    expect(await liveSearch(`${word} kett`)).toMatchObject({ total: 1, products: [{ id: first.id }] });
  });

  it('corrects a misspelling of a word that only another writer has given a product', async () => {
    // Not in search_terms: the index's own words are the vocabulary.
    const fresh = `${word}pot`;
    await client.query('UPDATE products SET name = $1, status = 1 WHERE id = $2', [`${fresh} Pan`, first.id]);
    expect(await liveSearch(`${word}pt pan`)).toMatchObject({ total: 1, products: [{ id: first.id, name: `${fresh} Pan` }] });
  });
});
