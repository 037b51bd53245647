import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { contentLanguage, listDocuments } from '~/server/content/content-store';
import { message } from '~/lib/messages/message';

/** GET content?language=: every page, the promotions and the contact details in a language, with drafts (marketers and administrators). */
export const GET = endpoint(async ({ request, url }) => {
  await requireEditor(request);
  return ok(await listDocuments(contentLanguage(url.searchParams.get('language'))), message('content', 'retrieved'), { headers: privateNoStore });
});
