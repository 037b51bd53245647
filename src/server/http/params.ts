import { NotFound } from '../errors';
import { MAX_ROW_ID } from '../input-fields';
import type { Message } from '../../lib/messages/message';

/** A route id that must be a positive whole number; anything else is the resource's not-found. */
export function routeId(value: string | undefined, notFoundMessage: Message): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ROW_ID) throw new NotFound(notFoundMessage);
  return Number(value);
}
