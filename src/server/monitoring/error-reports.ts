/**
 * Error reports from the browser's error screen and from pages that failed on the server. This module
 * owns the error_reports table. A report names its user only if the request was logged in as them.
 */
import { count, desc, gte } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { errorReports } from '../db/schema';
import { ERROR_REPORT_LIMITS, errorReportOf, newErrorId, type ErrorReport } from '../../lib/error-report-rules';
import { log } from '../log';

const text = (max: number) => z.string({ error: 'must be text' }).max(max, { error: `must be at most ${max} characters` });

/** A number where text is expected (Date.now() for the time) is taken as its text. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/**
 * A report in our spelling (id, time, agent) or the React error boundary's (errorId, timestamp,
 * userAgent, componentStack), as JSON or as a form. The user id a client puts in it is not believed.
 */
export const errorReportSchema = z
  .preprocess(
    (input) => {
      if (typeof input !== 'object' || input === null) return input;
      const body = input as Record<string, unknown>;
      return {
        ...body,
        id: asText(body.id ?? body.errorId ?? body.error_id),
        time: asText(body.time ?? body.timestamp),
        agent: body.agent ?? body.userAgent,
      };
    },
    z.object({
      id: text(ERROR_REPORT_LIMITS.id).regex(/^[A-Za-z0-9_-]+$/, { error: 'must be letters, digits, - or _' }),
      message: text(ERROR_REPORT_LIMITS.message).min(1, { error: 'is required' }),
      stack: text(ERROR_REPORT_LIMITS.stack).default(''),
      componentStack: text(ERROR_REPORT_LIMITS.stack).default(''),
      time: text(ERROR_REPORT_LIMITS.time).default(''),
      agent: text(ERROR_REPORT_LIMITS.agent).default(''),
      url: text(ERROR_REPORT_LIMITS.url).default(''),
    }),
  )
  .transform(({ componentStack, stack, ...report }) => ({
    ...report,
    stack: [stack, componentStack ? `Component stack:${componentStack}` : ''].filter(Boolean).join('\n\n').slice(0, ERROR_REPORT_LIMITS.stack),
  }));

export type StoredErrorReport = typeof errorReports.$inferSelect;
type Source = 'browser' | 'server';

export async function recordErrorReport(report: Omit<ErrorReport, 'user_id'>, who: { userId: number | null; source: Source }): Promise<void> {
  const db = await getDb();
  await db.insert(errorReports).values({
    error_id: report.id,
    message: report.message,
    stack: report.stack,
    time: report.time,
    agent: report.agent,
    url: report.url,
    user_id: who.userId,
    source: who.source,
  });
}

export async function recentErrorReports(limit = 50): Promise<StoredErrorReport[]> {
  const db = await getDb();
  return db.select().from(errorReports).orderBy(desc(errorReports.created_at), desc(errorReports.id)).limit(limit);
}

export async function errorReportsSince(since: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(errorReports).where(gte(errorReports.created_at, since));
  return row?.n ?? 0;
}

/**
 * Logs a page's failure with a new error id and stores it; the id and time go on the error screen. Never
 * throws: if the database is what failed, the log line is what remains.
 */
export async function recordServerError(error: unknown, request: Request, url: URL): Promise<{ id: string; time: string }> {
  const id = newErrorId();
  const time = new Date().toISOString();
  log.error({ err: error }, `[page] ${id} ${request.method} ${url.pathname} failed`);
  const report = errorReportOf(error, { id, time, agent: request.headers.get('user-agent') ?? '', url: url.href, userId: null });
  try {
    await recordErrorReport(report, { userId: null, source: 'server' });
  } catch (storing) {
    log.error({ err: storing }, `[page] ${id} could not be stored`);
  }
  return { id, time };
}
