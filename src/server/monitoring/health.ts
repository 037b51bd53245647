/**
 * What `GET /api/health` reports: whether the store can reach what it depends on — the database, the storage of
 * pictures and files, and the edge caches its purges go to. Each check is bounded in time, so a load balancer
 * asking gets its answer even when one of them hangs. Only administrators read the details (the storage folder's
 * path, the bucket's and the edges' addresses, why a check failed): everyone else reads each check as ok or failing.
 */
import { checkEdgePurge } from '../cache/edge-purge';
import { checkStorage } from '../media/storage';
import { boundedCheck, databaseHealth, type DatabaseHealth } from './database-health';
import type { HealthCheck } from './health-check';

const failedCheck = (what: string) => (reason: string) => ({ ok: false, detail: `${what}: ${reason}` });

export type StoreHealth = { database: DatabaseHealth; storage: HealthCheck; edge: HealthCheck };

export async function storeHealth(): Promise<{ healthy: boolean; report: StoreHealth }> {
  const [database, storage, edge] = await Promise.all([
    databaseHealth(),
    boundedCheck<HealthCheck>(checkStorage, failedCheck('storage')),
    boundedCheck<HealthCheck>(() => checkEdgePurge(), failedCheck('edge purge')),
  ]);
  // Healthy means this instance can serve: its database answers. The storage and the edge are shared by every
  // instance, so a load balancer taking instances out for them would turn missing pictures or late purges into
  // the whole store down; they are reported for people and alerts to see.
  return { healthy: database.ok, report: { database, storage, edge } };
}

/** A check as anyone may read it: whether it is ok, in words that name no path, address or reason. */
const plainly = (what: string, check: HealthCheck): HealthCheck => ({ ok: check.ok, detail: `${what} ${check.ok ? 'ok' : 'failing'}` });

/**
 * The report for a caller who is not an administrator (a load balancer, a probe, a stranger): "storage ok",
 * and a database's time to answer, which says nothing of where it is.
 */
export function healthForEveryone(report: StoreHealth): StoreHealth {
  const database = report.database.ok ? report.database : { ...report.database, detail: `${report.database.driver} is not answering` };
  return { database, storage: plainly('storage', report.storage), edge: plainly('edge purge', report.edge) };
}
