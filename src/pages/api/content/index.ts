import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireEditor } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { listDocuments } from '~/server/content/content-store';

/** GET content: every page, the promotions and the contact details, with drafts (marketers and administrators). */
export const GET = endpoint(async ({ request }) => {
  await requireEditor(request);
  return ok(await listDocuments(), 'Content retrieved', { headers: privateNoStore });
});
