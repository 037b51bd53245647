import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { documentHistory } from '~/server/content/content-store';

/** GET content/{key}/history: every published version, newest first, with who published it and when. */
export const GET = endpoint(async ({ params, request }) => {
  await requireEditor(request);
  return ok(await documentHistory(params.key ?? ''), 'History retrieved', { headers: privateNoStore });
});
