import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { addAddress, listAddresses } from '~/server/accounts/addresses';
import { message } from '~/lib/messages/message';

/** GET addresses: the caller's saved delivery addresses, the default first. */
export const GET = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await listAddresses(caller.id), message('account', 'addresses'), { headers: privateNoStore });
});

/** POST addresses: saves a delivery address, which becomes the default. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await addAddress(caller.id, await readBody(request)), message('account', 'addressSaved'), { status: 201, headers: privateNoStore });
});
