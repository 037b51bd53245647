import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { getDocument, saveDraft } from '~/server/content/content-store';
import { CONTENT_MESSAGES } from '~/lib/messages/content-messages';

/** GET content/{key}: what is published, the draft and the version to save against. */
export const GET = endpoint(async ({ params, request }) => {
  await requireEditor(request);
  return ok(await getDocument(params.key ?? ''), 'Content retrieved', { headers: privateNoStore });
});

/** PUT content/{key} {version, content}: saves a draft; refused (409) when someone saved since `version`. */
export const PUT = endpoint(async ({ params, request }) => {
  const editor = await requireEditor(request);
  const { version, content } = await readBody(request);
  return ok(await saveDraft(editor, params.key ?? '', version, content), CONTENT_MESSAGES.saved, { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT });
