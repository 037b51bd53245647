import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { documentHistory, documentRef } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/** GET content/{key}/history?language=: every published version in that language, newest first, with who published it and when. */
export const GET = endpoint(async ({ params, request, url }) => {
  await requireEditor(request);
  return ok(await documentHistory(documentRef(params.key, url.searchParams)), message('content', 'historyRetrieved'), { headers: privateNoStore });
});
