import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { revalidateEveryTime } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { pesapalConfig } from '~/server/orders/pesapal-checkout';
import { message } from '~/lib/messages/message';

/** GET pesapal/config: whether the store takes Pesapal, which one, and where buyers come back to. */
export const GET = endpoint(async () => ok(pesapalConfig(publicOrigin()), message('payment', 'pesapalSettings'), { headers: revalidateEveryTime }));
