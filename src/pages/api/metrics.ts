import { endpoint } from '~/server/http/errors';
import { readSmallText } from '~/server/http/body';
import { fail, ok } from '~/server/http/envelope';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { clientIp } from '~/server/http/client-ip';
import { enforceLimits } from '~/server/rate-limit';
import { METRICS_LIMIT_PER_IP, parseMetricsReport, recordMetrics } from '~/server/monitoring/metrics';
import { MAX_METRICS_BODY_BYTES } from '~/lib/performance';
import { message } from '~/lib/messages/message';

/**
 * POST {metrics: [...]}: a batch from the browser's performance monitor. sendBeacon sends a JSON Blob
 * (application/json) or a string (text/plain), so the body is read as text whatever its type. A beacon
 * carries no Authorization header, so most reports are anonymous; a logged-in caller's id is kept.
 */
export const POST = endpoint(async ({ request, clientAddress }) => {
  const metrics = parseMetricsReport(await readSmallText(request, MAX_METRICS_BODY_BYTES));
  await enforceLimits([
    { key: `metrics:ip:${clientIp(request, clientAddress)}`, limit: METRICS_LIMIT_PER_IP, what: message('limit', 'performanceReportsFromAddress') },
  ]);
  const caller = await resolveCaller(request);
  const stored = await recordMetrics(metrics, { agent: request.headers.get('user-agent') ?? '', userId: caller?.id ?? null });
  return ok({ stored }, message('monitoring', 'metricsRecorded'), { status: 202, headers: privateNoStore });
});

/** Reports are only ever posted; other methods get the envelope, not the HTML 404 page. */
export const ALL = endpoint(async () => fail(405, message('monitoring', 'postOnly'), null, { headers: { Allow: 'POST' } }));
