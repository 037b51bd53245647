import type { APIRoute } from 'astro';
import { json } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { handlePesapalNotification } from '~/server/payments/payments';
import { pesapalNotificationReply, readPesapalNotification } from '~/server/payments/gateways/pesapal';
import { log } from '~/server/log';

/**
 * Pesapal's instant payment notification, by GET (query) or POST (JSON), answered in the shape Pesapal
 * expects. Status 500 in the reply asks Pesapal to send it again (unknown payment, or Pesapal could not
 * be asked for the status).
 */
const receive: APIRoute = async ({ request, url }) => {
  const fields = request.method === 'GET' ? url.searchParams : await readBody(request).catch(() => ({}));
  const notification = readPesapalNotification(fields);
  if (!notification) return json(pesapalNotificationReply('', '', false), { status: 400 });
  const handled = await handlePesapalNotification(notification).catch((error: unknown) => {
    log.error({ err: error }, '[payments] Pesapal notification failed');
    return false;
  });
  return json(pesapalNotificationReply(notification.trackingId, notification.merchantReference, handled));
};

export const GET = receive;
export const POST = receive;
