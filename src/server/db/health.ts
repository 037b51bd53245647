import { sql } from 'drizzle-orm';
import { getDatabaseHandle } from './client';

export async function checkDatabase(): Promise<{ database: string; ok: boolean }> {
  const { db, driver } = await getDatabaseHandle();
  await db.execute(sql`SELECT 1`);
  return { database: driver, ok: true };
}
