import { endpoint } from '~/server/http/errors';
import { fail, ok } from '~/server/http/envelope';
import { bearerToken, resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { isAdmin } from '~/server/accounts/roles';
import { healthForEveryone, storeHealth } from '~/server/monitoring/health';
import { message } from '~/lib/messages/message';

/**
 * 200 when this instance's database answers, 503 when it does not; the report says how the storage and the edge
 * purges fare too, with their details (paths, addresses, reasons) for administrators only. Whoever asks, the
 * answer never waits on a session: with the database down, a caller is read as no one.
 */
export const GET = endpoint(async ({ request }) => {
  const [{ healthy, report }, caller] = await Promise.all([
    storeHealth(),
    bearerToken(request) ? resolveCaller(request).catch(() => null) : Promise.resolve(null),
  ]);
  const shown = caller && isAdmin(caller) ? report : healthForEveryone(report);
  return healthy
    ? ok(shown, message('monitoring', 'healthy'), { headers: privateNoStore })
    : fail(503, message('api', 'server'), shown, { headers: privateNoStore });
});
