/**
 * Pieces of the services' input checks, read the same way from JSON, multipart and urlencoded bodies (so
 * numbers may arrive as text). A problem is an Invalid naming the field.
 */
import { z } from 'zod';
import { Invalid } from './errors';
import { fieldRefusal, zodRefusal } from './input-refusals';
import { message } from '../lib/messages/message';

/** The largest id a table holds (PostgreSQL integer): a larger one names nothing, and is refused before it reaches SQL. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id a client sent (number or digits), refused with `message` when it cannot name a row. */
export const rowIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ROW_ID, { error: message });

/** Reads a product id a client sent (a body field or query parameter): a positive whole number, as a number or a string. */
export function productIdFrom(value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ROW_ID)
    throw new Invalid(fieldRefusal('product_id', message('field', 'productId')));
  return id;
}

/**
 * A whole number a client sent for `field` (a number or its digits) from `min` up to the largest the database
 * keeps; anything else (missing, text, a fraction, negative, 2^31 or more) is refused naming the field.
 */
export function wholeNumberField(field: string, value: unknown, min: number): number {
  if (value === undefined || value === null || value === '') throw new Invalid(fieldRefusal(field, message('field', 'required')));
  const number = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw new Invalid(fieldRefusal(field, message('field', 'wholeNumber')));
  if (number < min) throw new Invalid(fieldRefusal(field, message('field', 'atLeast', min)));
  if (number > MAX_ROW_ID) throw new Invalid(fieldRefusal(field, message('field', 'atMost', MAX_ROW_ID)));
  return number;
}

/** An empty form field (or "null") clears an optional value. */
export const blankAsNull = (value: unknown) => (value === '' || value === null || value === 'null' ? null : value);

/** The spec's Yes/No flags. */
export const yesNo = z.enum(['Yes', 'No'], { error: 'must be Yes or No' });

/**
 * Reads only the fields a write sent, so an update changes those and leaves the rest: each present field
 * is checked by its schema; unknown fields are ignored. A problem is an Invalid naming the field.
 */
export function parsePresentFields<T extends z.ZodObject>(schema: T, body: Record<string, unknown>): Partial<z.infer<T>> {
  const present = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => body[key] !== undefined)
      .map((key) => [key, body[key]]),
  );
  const result = schema.partial().safeParse(present);
  if (!result.success) throw new Invalid(zodRefusal(result.error));
  return result.data as Partial<z.infer<T>>;
}
