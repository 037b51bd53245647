import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore, revalidateEveryTime } from '~/server/http/cache-control';
import { buildManifest } from '~/server/manifest/manifest';

export const GET = endpoint(async ({ request }) => {
  const user = await resolveCaller(request);
  const manifest = await buildManifest(user);
  return ok(manifest, 'Manifest retrieved', { headers: user ? privateNoStore : revalidateEveryTime });
});
