/**
 * Where a client asks the gateway to send the buyer back after paying (`callback_url`): the spec's single-page
 * client, served from another origin, names its own page. Followed only on the store's own origin (SITE_URL) or
 * one of CORS_ORIGINS, so a payment page never becomes a way to send shoppers to somebody else's site.
 */
import { Invalid } from '../errors';
import { message } from '../../lib/messages/message';
import { fieldRefusal } from '../input-refusals';
import { config } from '../config';
import { allowedOrigins } from './cors';
import { publicOrigin } from './origin';

/** Longer than any page address a client has a use for. */
export const MAX_RETURN_ADDRESS_LENGTH = 2000;

/** `{order_id}` in the address (as GET pesapal/config gives it) stands for the order. */
const ORDER_ID_PLACEHOLDER = /\{order_id\}|%7Border_id%7D/gi;

/**
 * The address to send the buyer of order `orderId` back to, or null when none is asked for (the store's own
 * payment pages then). Refused with 400 when it is not an address on an origin the store trusts.
 */
export function clientReturnAddress(
  asked: unknown,
  orderId: number,
  trusted: ReadonlySet<string> = new Set([publicOrigin(), ...allowedOrigins(config.CORS_ORIGINS)]),
): string | null {
  if (asked === undefined || asked === null || asked === '') return null;
  const refused = new Invalid(fieldRefusal('callback_url', message('order', 'foreignReturnAddress')));
  if (typeof asked !== 'string' || asked.length > MAX_RETURN_ADDRESS_LENGTH) throw refused;
  let address: URL;
  try {
    address = new URL(asked.trim().replace(ORDER_ID_PLACEHOLDER, String(orderId)));
  } catch {
    throw refused;
  }
  if (address.username || address.password || !trusted.has(address.origin)) throw refused;
  return address.href;
}
