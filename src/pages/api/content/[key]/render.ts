import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { previewHtml } from '~/server/content/editing';
import { documentRef } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/** POST content/{key}/render?language= {content}: the page's text as the store renders it in that language, for the editor's live preview. */
export const POST = endpoint(async ({ params, request, url }) => {
  await requireEditor(request);
  const ref = documentRef(params.key, url.searchParams);
  const { content } = await readBody(request);
  return ok(await previewHtml(ref, content), message('content', 'previewRendered'), { headers: privateNoStore });
});
