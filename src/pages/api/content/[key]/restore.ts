import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { restoreDocument } from '~/server/content/editing';
import { documentRef } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/** POST content/{key}/restore?language= {version, number}: publishes version `number` of that language again as the newest. */
export const POST = endpoint(async ({ params, request, url }) => {
  const editor = await requireEditor(request);
  const ref = documentRef(params.key, url.searchParams);
  const { version, number } = await readBody(request);
  return ok(await restoreDocument(editor, ref, version, number), message('content', 'restored'), { headers: privateNoStore });
});
