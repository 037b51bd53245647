import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { privateNoStore } from '~/server/http/cache-control';
import { Invalid } from '~/server/errors';
import { optionalRowId } from '~/server/input-fields';
import { fieldRefusal } from '~/server/input-refusals';
import { cashOnDeliveryOffFor } from '~/server/orders/place-order';
import { message } from '~/lib/messages/message';

/** The most products one question names: more than any cart holds. */
const MOST_PRODUCTS = 100;

/**
 * GET payments/cash-on-delivery?product_ids=1,2: whether these products may be paid for on delivery now, and
 * those that may not (their vendor owes the store too much), so checkout offers the other ways to pay first.
 */
export const GET = endpoint(async ({ url }) => {
  const named = (url.searchParams.get('product_ids') ?? '').split(',').filter((id) => id.trim() !== '');
  if (named.length === 0 || named.length > MOST_PRODUCTS) throw new Invalid(fieldRefusal('product_ids', message('field', 'productId')));
  const ids = named.map((id) => optionalRowId('product_ids', id.trim(), message('field', 'productId'))!);
  const off = await cashOnDeliveryOffFor(ids);
  return ok({ available: off.length === 0, unavailable: off }, message('payment', 'cashOnDelivery'), { headers: privateNoStore });
});
