/**
 * A secret every store instance on one database shares without being configured: the first instance to ask makes
 * it, the others read the same row.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { storeSecrets } from './schema';

export async function sharedSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(storeSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: storeSecrets.value }).from(storeSecrets).where(eq(storeSecrets.name, name));
  return row!.value;
}
