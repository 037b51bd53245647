import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { createVendor, listActiveVendors } from '~/server/catalog/vendors';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async () => {
  return ok(await listActiveVendors(), message('vendor', 'listRetrieved'), { headers: sharedAtEdge('vendors') });
});

/** POST vendors: a buyer opens a shop (waiting for approval); an administrator makes an account (user_id) a vendor. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const { vendor, message: said } = await createVendor(caller, await readBody(request));
  return ok(vendor, said, { status: 201, headers: privateNoStore });
});
