import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { CONTENT_MESSAGES } from '~/lib/messages/content-messages';
import { restoreDocument } from '~/server/content/editing';

/** POST content/{key}/restore {version, number}: publishes version `number` again as the newest. */
export const POST = endpoint(async ({ params, request }) => {
  const editor = await requireEditor(request);
  const { version, number } = await readBody(request);
  return ok(await restoreDocument(editor, params.key ?? '', version, number), CONTENT_MESSAGES.restored, { headers: privateNoStore });
});
