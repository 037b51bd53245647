/**
 * The migration that puts the live commission table on a store's stored Sell page: the starting text's
 * hand-written table and example become the `{{commission-rates}}` line in the published page, its draft and its
 * history; a table a marketer changed stays as they wrote it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from './migrations-before';
import { parsePageFile } from '../../src/server/content/starting-content';

const MIGRATIONS = path.resolve('src/server/db/migrations');

/** The Sell page's fee table and example as stores were given them before the rates came from the database. */
const OLD_TABLE = `| Category | Commission |
|---|---|
| Phones, tablets and electronics | 5% |
| Computers and accessories | 6% |
| Groceries and supermarket items | 5% |
| Home, kitchen and furniture | 8% |
| Fashion, shoes and bags | 10% |
| Health and beauty | 10% |
| Everything else | 8% |

Example: you sell a pair of shoes for UGX 80,000. The commission is 10%, so UGX 8,000. You receive UGX 72,000 on your mobile money or bank account. If the buyer returns the shoes within 7 days, no commission is charged and no payout is made for that item.`;

it('swaps the starting table for the rates line, and leaves a changed table alone', async () => {
  const { content } = parsePageFile('sell.md', await readFile('src/content/pages/sell.md', 'utf8'));
  const current = content.body;
  expect(current).toContain('\n{{commission-rates}}\n');
  const before = current.replace('{{commission-rates}}', OLD_TABLE);
  const changedByMarketer = before.replace('| Health and beauty | 10% |', '| Health and beauty | 12% |');

  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const { folder, remove } = await migrationsBefore(MIGRATIONS, '0021_sell_commission_rates');
  try {
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await remove();
  }
  const page = (body: string) => JSON.stringify({ ...content, body });
  await client.query(
    `INSERT INTO content_documents (key, language, kind, published, published_at, draft) VALUES
       ('sell', 'en', 'page', $1, now(), $2), ('sell', 'lg', 'page', $3, now(), NULL)`,
    [page(before), page(changedByMarketer), page(changedByMarketer)],
  );
  await client.query(`INSERT INTO content_versions (key, language, number, content, published_at) VALUES ('sell', 'en', 1, $1, now())`, [page(before)]);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  const documents = await client.query<{ language: string; published: { body: string; title: string }; draft: { body: string } | null }>(
    `SELECT language, published, draft FROM content_documents ORDER BY language`,
  );
  const [english, luganda] = documents.rows;
  expect(english!.published.body).toBe(current);
  expect(english!.published.title).toBe(content.title);
  expect(english!.draft!.body).toBe(changedByMarketer);
  expect(luganda!.published.body).toBe(changedByMarketer);
  const versions = await client.query<{ content: { body: string } }>(`SELECT content FROM content_versions`);
  expect(versions.rows[0]!.content.body).toBe(current);
  await client.close();
});
