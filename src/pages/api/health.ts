import { endpoint } from '~/server/http/errors';
import { fail, ok } from '~/server/http/envelope';
import { privateNoStore } from '~/server/http/cache-control';
import { storeHealth } from '~/server/monitoring/health';
import { message } from '~/lib/messages/message';

/** 200 when this instance's database answers, 503 when it does not; the report says how the storage and the edge purges fare too. */
export const GET = endpoint(async () => {
  const { healthy, report } = await storeHealth();
  return healthy
    ? ok(report, message('monitoring', 'healthy'), { headers: privateNoStore })
    : fail(503, message('api', 'server'), report, { headers: privateNoStore });
});
