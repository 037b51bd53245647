import { Invalid, NotFound } from '../errors';
import { optionalRowId, refuseControlCharacters } from '../input-fields';
import type { Message } from '../../lib/messages/message';

/**
 * A route id that must be a positive whole number; anything else is the resource's not-found, but for a number
 * beyond the largest id a table holds, refused like such an id anywhere else (optionalRowId): 400 naming `field`.
 */
export function routeId(value: string | undefined, notFoundMessage: Message, field = 'id'): number {
  if (!value || !/^[1-9]\d*$/.test(value)) throw new NotFound(notFoundMessage);
  return optionalRowId(field, value, notFoundMessage)!;
}

/**
 * A query parameter naming a row (`vendor_id`), as its text for the service that reads it, once the one id
 * reading (optionalRowId) has refused anything that cannot name a row; null when absent.
 */
export function idParam(url: URL, name: string, rule: Message): string | null {
  const value = url.searchParams.get(name);
  optionalRowId(name, value, rule);
  return value;
}

/**
 * Why an address cannot be read, or null: a control character in one of its query parameters or its path, the
 * rule every text a client sends follows (refuseControlCharacters).
 */
export function addressRefusal(url: URL): Message | null {
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape is the route's to refuse; only the characters it decodes to are this rule's.
  }
  try {
    // One parameter at a time: a repeated one (`brand=a&brand=b`) is named as written, without a position.
    for (const [name, value] of url.searchParams) refuseControlCharacters({ [name]: value });
    refuseControlCharacters({ path });
    return null;
  } catch (error) {
    if (error instanceof Invalid) return error.said;
    throw error;
  }
}
