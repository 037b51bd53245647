import type { APIRoute } from 'astro';
import { metricsAccess } from '~/server/http/metrics-access';
import { scrapeMetrics } from '~/server/monitoring/scrape';

/** Read fresh by every scrape: never kept by a browser, a proxy or the edge. */
const NEVER_KEPT = { 'Cache-Control': 'private, no-store', 'Surrogate-Control': 'no-store' };

/** GET /metrics: the store's Prometheus metrics, for the scraper holding METRICS_TOKEN (src/server/monitoring). */
export const GET: APIRoute = async ({ request }) => {
  const access = metricsAccess(request);
  // An empty 404 is answered with the store's own not-found page: nothing tells this route exists.
  if (access === 'hidden') return new Response(null, { status: 404 });
  if (access === 'refused') {
    return new Response('A bearer token (METRICS_TOKEN) is required to read the metrics.\n', {
      status: 401,
      headers: { ...NEVER_KEPT, 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' },
    });
  }
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { ...NEVER_KEPT, 'Content-Type': contentType } });
};
