import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publishDocument } from '~/server/content/editing';
import { documentRef } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/**
 * POST content/{key}/publish?language= {version, content?}: makes `content` (or the saved draft) live in that
 * language for everyone at once; refused (400) when it would be broken, (409) when someone saved since `version`.
 */
export const POST = endpoint(async ({ params, request, url }) => {
  const editor = await requireEditor(request);
  const ref = documentRef(params.key, url.searchParams);
  const { version, content } = await readBody(request);
  return ok(await publishDocument(editor, ref, version, content), message('content', 'published'), { headers: privateNoStore });
});
