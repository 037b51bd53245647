import type { APIRoute } from 'astro';
import { fail } from '~/server/http/envelope';
import { recordSessionEnd } from '~/server/ussd/ussd-sessions';
import { readUssdSessionEnd, ussdTokenMatches } from '~/server/ussd/ussd-callback';
import { message } from '~/lib/messages/message';

/**
 * POST ussd/{token}/events: Africa's Talking's end-of-session notification (sessionId, status, duration, cost),
 * recorded on the session. Answered 200 whether or not the session is known (the network only needs the receipt).
 */
export const POST: APIRoute = async ({ params, request }) => {
  if (!ussdTokenMatches(params.token)) return fail(404, message('api', 'notFound'));
  const { sessionId, end } = await readUssdSessionEnd(request);
  if (sessionId) await recordSessionEnd(sessionId, end);
  return new Response('OK', { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
};
