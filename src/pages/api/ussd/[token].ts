import type { APIRoute } from 'astro';
import { fail } from '~/server/http/envelope';
import { publicOrigin } from '~/server/http/origin';
import { answerUssd } from '~/server/ussd/ussd';
import { readUssdCall, ussdTokenMatches } from '~/server/ussd/ussd-callback';
import { message } from '~/lib/messages/message';

/**
 * POST ussd/{token}: Africa's Talking's USSD callback (form fields sessionId, serviceCode, phoneNumber, networkCode,
 * text), answered in text/plain with `CON ` and the next screen or `END ` and the last. Without USSD_CALLBACK_TOKEN,
 * or with another token, there is no such route (404), and no session is read.
 */
export const POST: APIRoute = async ({ params, request }) => {
  if (!ussdTokenMatches(params.token)) return fail(404, message('api', 'notFound'));
  const reply = await answerUssd(await readUssdCall(request), publicOrigin());
  return new Response(reply, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
};
