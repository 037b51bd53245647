import { HttpError, notFound } from './errors';

/** A route id that must be a positive whole number; anything else is the resource's not-found. */
export function routeId(value: string | undefined, notFoundMessage: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound(notFoundMessage);
  return Number(value);
}

/** Reads a product id a client sent (a body field or query parameter): a positive whole number, as a number or a string. */
export function productIdFrom(value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(400, 'product_id: must be a product id');
  return id;
}
