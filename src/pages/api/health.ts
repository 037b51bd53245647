import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { privateNoStore } from '~/server/http/cache-control';
import { checkDatabase } from '~/server/monitoring/database-health';

export const GET = endpoint(async () => {
  return ok(await checkDatabase(), 'OK', { headers: privateNoStore });
});
