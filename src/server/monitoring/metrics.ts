/**
 * Performance metrics reported by shoppers' browsers (src/scripts/performance-monitor.ts). This module
 * owns the performance_metrics table: it validates a report, stores it, keeps the table bounded and
 * answers the questions a status page asks.
 */
import { desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { performanceMetrics } from '../db/schema';
import { message } from '../../lib/messages/message';
import { Invalid } from '../errors';
import type { Limit } from '../rate-limit';
import {
  MAX_METRICS_PER_BATCH,
  MAX_METRIC_DETAIL,
  MAX_METRIC_TEXT,
  METRIC_KINDS,
  WEB_VITAL_THRESHOLDS,
  rateVital,
  type MetricKind,
  type WebVitalName,
} from '../../lib/performance';
import { log } from '../log';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MAX_AGENT_LENGTH = 300;

/**
 * Reports per client address: about one a second. Every page view sends at least one batch, and many
 * shoppers share one mobile carrier's address (carrier-grade NAT), so the limit only stops a flood; the
 * retention cap bounds what a flood could store. A report lost to it costs a shopper nothing.
 */
export const METRICS_LIMIT_PER_IP = { limit: 600, windowMs: 10 * MINUTE } satisfies Limit;

/**
 * The table keeps at most about 100,000 rows and nothing older than 30 days. Pruning is one DELETE
 * over the two indexed columns (created_at, and the id of the 100,000th newest row found through the
 * primary key), but that id lookup walks 100,000 index entries, so it runs on every 100th batch a
 * process stores (the first one included, so short-lived processes prune too), not on each. Between
 * prunes the table can exceed the cap by at most 100 batches per instance; the rule is idempotent,
 * so instances pruning at the same time do no harm.
 */
export const METRICS_RETENTION = { maxRows: 100_000, maxAgeDays: 30, pruneEveryBatches: 100 };

const vitalNames = Object.keys(WEB_VITAL_THRESHOLDS);
const text = (max: number) => z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`);

const metricSchema = z
  .object({
    kind: z.enum(METRIC_KINDS, { error: `must be one of ${METRIC_KINDS.join(', ')}` }),
    name: text(MAX_METRIC_TEXT).min(1, 'is required'),
    // z.number refuses NaN and ±Infinity (JSON.parse turns 1e999 into Infinity).
    value: z.number({ error: 'must be a finite number' }).nonnegative('must not be negative'),
    // The browser's rating is not trusted: web vitals are rated again here, other kinds have none.
    rating: text(40).optional(),
    url: text(MAX_METRIC_TEXT).min(1, 'is required'),
    detail: text(MAX_METRIC_DETAIL).optional(),
    // Accepted but not kept: cheap phones' clocks are often wrong, so created_at is the server's time.
    time: z.number({ error: 'must be a number' }).optional(),
  })
  .refine((metric) => metric.kind !== 'web-vital' || vitalNames.includes(metric.name), {
    path: ['name'],
    error: `must be one of ${vitalNames.join(', ')} for a web vital`,
  });

export const metricsReportSchema = z.object(
  {
    metrics: z
      .array(metricSchema, { error: 'must be a list of metrics' })
      .min(1, 'must hold at least one metric')
      .max(MAX_METRICS_PER_BATCH, `must hold at most ${MAX_METRICS_PER_BATCH} metrics`),
  },
  { error: 'The report must be a JSON object {"metrics": [...]}' },
);

export type ReportedMetric = z.infer<typeof metricSchema>;

/** Reads a report from the request's text, whatever content type the beacon gave it. */
export function parseMetricsReport(body: string): ReportedMetric[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Invalid(message('request', 'notJson'));
  }
  return metricsReportSchema.parse(parsed).metrics;
}

let batchesSincePrune = 0;

/** Stores a validated batch in one statement and answers how many metrics were kept. */
export async function recordMetrics(metrics: ReportedMetric[], from: { agent: string; userId: number | null }): Promise<number> {
  if (metrics.length === 0) return 0;
  const db = await getDb();
  const agent = from.agent.slice(0, MAX_AGENT_LENGTH);
  const stored = await db
    .insert(performanceMetrics)
    .values(
      metrics.map((metric) => ({
        kind: metric.kind,
        name: metric.name,
        value: metric.value,
        rating: metric.kind === 'web-vital' ? rateVital(metric.name as WebVitalName, metric.value) : '',
        page: metric.url,
        detail: metric.detail ?? '',
        agent,
        user_id: from.userId,
      })),
    )
    .returning({ id: performanceMetrics.id });
  if (batchesSincePrune++ % METRICS_RETENTION.pruneEveryBatches === 0) {
    // The batch is stored: a failed prune is logged, not reported to the browser, and retried later.
    await pruneMetrics().catch((error: unknown) => log.error({ err: error }, '[metrics] pruning performance_metrics failed'));
  }
  return stored.length;
}

/** Deletes rows older than the retention age and all but the newest `maxRows`; answers how many went. */
export async function pruneMetrics(retention: { maxRows: number; maxAgeDays: number } = METRICS_RETENTION): Promise<number> {
  const db = await getDb();
  const oldest = new Date(Date.now() - retention.maxAgeDays * DAY);
  const lastKept = db
    .select({ id: performanceMetrics.id })
    .from(performanceMetrics)
    .orderBy(desc(performanceMetrics.id))
    .offset(retention.maxRows - 1)
    .limit(1);
  const removed = await db
    .delete(performanceMetrics)
    .where(or(lt(performanceMetrics.created_at, oldest), sql`${performanceMetrics.id} < (${lastKept})`))
    .returning({ id: performanceMetrics.id });
  return removed.length;
}

export type StoredMetric = {
  kind: MetricKind;
  name: string;
  value: number;
  rating: string;
  page: string;
  detail: string;
  created_at: Date;
};

/** The newest problems, for a status page: everything but web vitals, and web vitals rated poor. */
export async function recentSlowMetrics(limit = 20): Promise<StoredMetric[]> {
  const db = await getDb();
  const rows = await db
    .select({
      kind: performanceMetrics.kind,
      name: performanceMetrics.name,
      value: performanceMetrics.value,
      rating: performanceMetrics.rating,
      page: performanceMetrics.page,
      detail: performanceMetrics.detail,
      created_at: performanceMetrics.created_at,
    })
    .from(performanceMetrics)
    .where(or(ne(performanceMetrics.kind, 'web-vital'), eq(performanceMetrics.rating, 'poor')))
    .orderBy(desc(performanceMetrics.created_at), desc(performanceMetrics.id))
    .limit(limit);
  return rows as StoredMetric[];
}

/** How many metrics of each kind arrived in the last 24 hours (every kind present, 0 when none). */
export async function metricSummary(): Promise<Record<MetricKind, number>> {
  const db = await getDb();
  const rows = await db
    .select({ kind: performanceMetrics.kind, count: sql<number>`count(*)::int` })
    .from(performanceMetrics)
    .where(gte(performanceMetrics.created_at, new Date(Date.now() - DAY)))
    .groupBy(performanceMetrics.kind);
  const counts = Object.fromEntries(METRIC_KINDS.map((kind) => [kind, 0])) as Record<MetricKind, number>;
  for (const row of rows) if (row.kind in counts) counts[row.kind as MetricKind] = Number(row.count);
  return counts;
}
