import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { documentRef, getDocument, saveDraft } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/** GET content/{key}?language=: what is published in that language, the draft and the version to save against. */
export const GET = endpoint(async ({ params, request, url }) => {
  await requireEditor(request);
  return ok(await getDocument(documentRef(params.key, url.searchParams)), message('content', 'retrieved'), { headers: privateNoStore });
});

/** PUT content/{key}?language= {version, content}: saves a draft in that language; refused (409) when someone saved since `version`. */
export const PUT = endpoint(async ({ params, request, url }) => {
  const editor = await requireEditor(request);
  const ref = documentRef(params.key, url.searchParams);
  const { version, content } = await readBody(request);
  return ok(await saveDraft(editor, ref, version, content), message('content', 'saved'), { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT });
