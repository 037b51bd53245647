import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { searcherOf } from '~/server/http/searcher';
import { buildManifest } from '~/server/manifest/manifest';
import { message } from '~/lib/messages/message';

/** GET manifest: the store's shared part, and the caller's own (or a guest session's searches, by X-Session-ID or session_id). */
export const GET = endpoint(async ({ request, url }) => {
  const user = await resolveCaller(request);
  const searcher = searcherOf(request, url, user);
  const manifest = await buildManifest(user, searcher);
  return ok(manifest, message('api', 'manifestRetrieved'), { headers: searcher ? privateNoStore : sharedAtEdge('manifest', 'categories') });
});
