import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { sendChangeCode } from '~/server/accounts/change-proof';
import { message } from '~/lib/messages/message';

/**
 * POST payouts/method/code: texts a code to the caller's phone on record, the proof (`code`) a change of payout
 * destination, shop phone or account phone may carry instead of the password. Answers where it went, masked.
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const sent = await sendChangeCode(caller.id);
  return ok(sent, message('changeProof', 'codeSent', sent.sent_to, sent.minutes), { headers: privateNoStore });
});
