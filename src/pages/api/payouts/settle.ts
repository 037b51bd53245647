import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { settleOwed } from '~/server/payouts/settlements';
import { message } from '~/lib/messages/message';

const settleSchema = z.object({ phone: z.string({ error: 'give the MTN MoMo or Airtel Money number to pay from' }).trim().max(30) });

/**
 * POST payouts/settle {phone} (a vendor): asks that MTN MoMo or Airtel Money number for all the vendor owes the
 * store; the approval on the phone completes it. Answers the settlement (PENDING, or FAILED with why).
 */
export const POST = endpoint(async ({ request }) => {
  const vendor = await requireCaller(request);
  const { phone } = settleSchema.parse(await readBody(request));
  return ok(await settleOwed(vendor, phone, publicOrigin()), message('payoutRun', 'settleAsked'), { status: 202, headers: privateNoStore });
});
