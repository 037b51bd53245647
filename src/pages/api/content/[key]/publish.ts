import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { CONTENT_MESSAGES } from '~/lib/messages/content-messages';
import { publishDocument } from '~/server/content/editing';

/**
 * POST content/{key}/publish {version, content?}: makes `content` (or the saved draft) live for everyone at
 * once; refused (400) when it would be broken, (409) when someone saved since `version`.
 */
export const POST = endpoint(async ({ params, request }) => {
  const editor = await requireEditor(request);
  const { version, content } = await readBody(request);
  return ok(await publishDocument(editor, params.key ?? '', version, content), CONTENT_MESSAGES.published, { headers: privateNoStore });
});
