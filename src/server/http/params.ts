import { z } from 'zod';
import { HttpError, notFound } from './errors';

/** The largest id a table holds (PostgreSQL integer): a larger one names nothing, and is refused before it reaches SQL. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id a client sent (number or digits), refused with `message` when it cannot name a row. */
export const rowIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ROW_ID, { error: message });

/** A route id that must be a positive whole number; anything else is the resource's not-found. */
export function routeId(value: string | undefined, notFoundMessage: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ROW_ID) throw notFound(notFoundMessage);
  return Number(value);
}

/** Reads a product id a client sent (a body field or query parameter): a positive whole number, as a number or a string. */
export function productIdFrom(value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ROW_ID) throw new HttpError(400, 'product_id: must be a product id');
  return id;
}
