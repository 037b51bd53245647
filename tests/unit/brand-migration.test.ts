/**
 * The migration that gives each brand one name (0031) on rows written before it: "Samsung Galaxy" and "SAMSUNG"
 * become "Samsung", a brand the store does not know and every other attribute stay as they were, and the
 * product's name keeps its line.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsBefore } from '../processes/migrations-before';

const MIGRATIONS = path.resolve('src/server/db/migrations');

it('names each known maker once in the Brand of rows written before, leaving other brands and attributes alone', async () => {
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client });
  const before = await migrationsBefore(MIGRATIONS, '0031_one_name_per_brand');
  try {
    await migrate(db, { migrationsFolder: before.folder });
  } finally {
    await before.remove();
  }
  await client.exec(`
    INSERT INTO categories (id, category) VALUES (1, 'Phones');
    INSERT INTO products (id, name, price_1, category, attributes) VALUES
      (1, 'Samsung Galaxy A15', 480000, 1, '[{"name":"Brand","value":"Samsung Galaxy"},{"name":"Model","value":"A15"},{"name":"RAM","value":"4GB"}]'),
      (2, 'Samsung B310E', 75000, 1, '[{"name":"Brand","value":"SAMSUNG"}]'),
      (3, 'Tecno Spark 20', 350000, 1, '[{"name":"Brand","value":"Tecno  Mobile"}]'),
      (4, 'Sukuma Wiki Seed', 5000, 1, '[{"name":"Brand","value":"Victoria Seeds"}]'),
      (5, 'Samsung Galaxy A05s', 480000, 1, '[{"name":"Model","value":"Samsung Galaxy"}]'),
      (6, 'Tea', 5000, 1, '[]');
  `);
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const rows = (await client.query<{ id: number; name: string; attributes: unknown }>('SELECT id, name, attributes FROM products ORDER BY id')).rows;
  expect(rows).toEqual([
    {
      id: 1,
      name: 'Samsung Galaxy A15',
      attributes: [
        { name: 'Brand', value: 'Samsung' },
        { name: 'Model', value: 'A15' },
        { name: 'RAM', value: '4GB' },
      ],
    },
    { id: 2, name: 'Samsung B310E', attributes: [{ name: 'Brand', value: 'Samsung' }] },
    { id: 3, name: 'Tecno Spark 20', attributes: [{ name: 'Brand', value: 'Tecno' }] },
    { id: 4, name: 'Sukuma Wiki Seed', attributes: [{ name: 'Brand', value: 'Victoria Seeds' }] },
    { id: 5, name: 'Samsung Galaxy A05s', attributes: [{ name: 'Model', value: 'Samsung Galaxy' }] },
    { id: 6, name: 'Tea', attributes: [] },
  ]);
  await client.close();
}, 120_000);
