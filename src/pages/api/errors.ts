import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin, resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { clientIp } from '~/server/http/client-ip';
import { enforceLimits } from '~/server/rate-limit';
import { errorReportSchema, recentErrorReports, recordErrorReport } from '~/server/monitoring/error-reports';
import { ERROR_REPORT_MAX_BYTES } from '~/lib/error-report-rules';
import { message } from '~/lib/messages/message';

const REPORTS_PER_ADDRESS = { limit: 30, windowMs: 10 * 60 * 1000 };

/**
 * POST errors: a crash the error screen showed, as JSON or a form, in either spelling (error-reports.ts).
 * Stored with the caller's id only when logged in as them.
 */
export const POST = endpoint(async ({ request, clientAddress }) => {
  const report = errorReportSchema.parse(await readBody(request, { maxBytes: ERROR_REPORT_MAX_BYTES }));
  await enforceLimits([
    { key: `errors:ip:${clientIp(request, clientAddress)}`, limit: REPORTS_PER_ADDRESS, what: message('limit', 'errorReportsFromAddress') },
  ]);
  const caller = await resolveCaller(request);
  await recordErrorReport(report, { userId: caller?.id ?? null, source: 'browser' });
  return ok({ id: report.id }, message('errorReport', 'reported'), { status: 201, headers: privateNoStore });
});

/** GET errors: the newest reports, for administrators. */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await recentErrorReports(), message('errorReport', 'reports'), { headers: privateNoStore });
});
