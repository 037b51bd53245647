import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import * as schema from './schema';

/** Empties every table of the schema and restarts the id sequences (the demo data and benchmarks start over). */
export async function resetDatabase(db: Database): Promise<void> {
  const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));
  await db.execute(sql`TRUNCATE ${sql.join(tables, sql`, `)} RESTART IDENTITY CASCADE`);
}
