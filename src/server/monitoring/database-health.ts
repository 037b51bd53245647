import { sql } from 'drizzle-orm';
import { getDatabaseHandle } from '../db/client';

export async function checkDatabase(): Promise<{ database: string; ok: boolean; ms: number }> {
  const { db, driver } = await getDatabaseHandle();
  const started = performance.now();
  await db.execute(sql`SELECT 1`);
  return { database: driver, ok: true, ms: Math.round((performance.now() - started) * 10) / 10 };
}
