import { sql } from 'drizzle-orm';
import { getDatabaseHandle } from '../db/client';
import type { HealthCheck } from './health-check';
import { config } from '../config';

export async function checkDatabase(): Promise<{ database: string; ok: boolean; ms: number }> {
  const { db, driver } = await getDatabaseHandle();
  const started = performance.now();
  await db.execute(sql`SELECT 1`);
  return { database: driver, ok: true, ms: Math.round((performance.now() - started) * 10) / 10 };
}

/** Longer than this and the database counts as not answering: a health check must answer the balancer itself. */
export const HEALTH_TIMEOUT_MS = 2_000;

/** Runs a check, but answers not-ok after `timeoutMs` or when it throws, with the reason in `detail`. */
export async function boundedCheck<Check extends HealthCheck>(
  check: () => Promise<Check>,
  failed: (detail: string) => Check,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve(failed(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([check(), late]);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

export type DatabaseHealth = HealthCheck & { driver: string; ms: number };

/** Whether the database answers `SELECT 1`, which one it is (pglite or postgres) and how long it took. */
export function databaseHealth(): Promise<DatabaseHealth> {
  const driver = config.DATABASE_URL ? 'postgres' : 'pglite';
  return boundedCheck<DatabaseHealth>(
    async () => {
      const { database, ms } = await checkDatabase();
      return { ok: true, detail: `${database} answered SELECT 1 in ${ms} ms`, driver: database, ms };
    },
    (reason) => ({ ok: false, detail: `${driver} is not answering: ${reason}`, driver, ms: 0 }),
  );
}
