import { notFound } from './errors';

/** A route id that must be a positive whole number; anything else is the resource's not-found. */
export function routeId(value: string | undefined, notFoundMessage: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound(notFoundMessage);
  return Number(value);
}
