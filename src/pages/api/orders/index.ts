import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { latestOrders, listOrders } from '~/server/orders/orders';
import { parseOrder, placeOrder } from '~/server/orders/place-order';
import { orderFieldsOf } from '~/server/orders/order-payload';
import { askedLanguage } from '~/server/http/asked-language';
import { labelledOrder, labelledOrders, orderInReplyLanguage } from '~/server/http/order-labels';
import { message } from '~/lib/messages/message';

const pageSchema = z.coerce.number().int().min(1, 'page: must be 1 or more').max(100_000).default(1);

/**
 * GET orders?page: the caller's orders, newest first, a page at a time; without `page`, the latest of them as a
 * plain list (the spec's client reads `data` as the list).
 */
export const GET = endpoint(async ({ request, url }) => {
  const caller = await requireCaller(request);
  const asked = url.searchParams.get('page');
  if (asked === null) return ok((await latestOrders(caller.id)).map(labelledOrder), message('order', 'orders'), { headers: privateNoStore });
  const page = pageSchema.parse(asked);
  return ok(labelledOrders(await listOrders(caller.id, page, url)), message('order', 'orders'), { headers: privateNoStore });
});

/**
 * POST orders (and its older path, POST orders-create): places an order, as JSON in our names or as the
 * spec's multipart with `items` and `delivery` JSON texts; the same Idempotency-Key (header or field) gives
 * back the same order. The order is in the language the request asks for (Accept-Language: our islands send
 * their page's), else the account's; a gateway sends the buyer back to the payment pages in it.
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const input = parseOrder(orderFieldsOf(await readBody(request), caller), request.headers.get('idempotency-key'));
  const { order, created } = await placeOrder(caller, input, publicOrigin(), askedLanguage(request));
  return ok(orderInReplyLanguage(order), message('order', 'placed'), { status: created ? 201 : 200, headers: privateNoStore });
});
