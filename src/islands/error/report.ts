/** Sends a crash to POST /api/errors (with the login, so it is stored under the shopper); never throws. */
import { apiPost, authHeaders } from '~/browser/api';
import { errorReportOf } from '~/lib/error-report-rules';

export function reportCrash(error: unknown, crash: { id: string; time: string; componentStack?: string }): void {
  try {
    const userId = Number(authHeaders()['User-Id']) || null;
    const report = errorReportOf(error, { ...crash, agent: navigator.userAgent, url: location.href, userId });
    apiPost('/api/errors', report, { keepalive: true }).catch(() => {});
  } catch {
    // Reporting must never become a second crash.
  }
}
