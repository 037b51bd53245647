import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { previewHtml } from '~/server/content/editing';

/** POST content/{key}/render {content}: the page's text as the store renders it, for the editor's live preview. */
export const POST = endpoint(async ({ params, request }) => {
  await requireEditor(request);
  const { content } = await readBody(request);
  return ok(await previewHtml(params.key ?? '', content), 'Preview rendered', { headers: privateNoStore });
});
