import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { profileSchema, updateProfile } from '~/server/accounts/accounts';
import { proofOf } from '~/server/accounts/change-proof';
import { message } from '~/lib/messages/message';

/**
 * first_name, last_name and phone_number_1 always; email, date_of_birth, gender, bio, address and language when filled;
 * a vendor's new phone or email with `password` or `code` (the proof, change-proof.ts).
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const body = await readBody(request);
  const input = profileSchema.parse(body);
  return ok(await updateProfile(caller.id, input, proofOf(body)), message('account', 'profileUpdated'), { headers: privateNoStore });
});
