/**
 * Pieces of the write calls' field schemas, read the same way from JSON, multipart and urlencoded bodies.
 */
import { z } from 'zod';
import { describeZodError, HttpError } from './errors';

/** An empty form field (or "null") clears an optional value. */
export const blankAsNull = (value: unknown) => (value === '' || value === null || value === 'null' ? null : value);

/** The spec's Yes/No flags. */
export const yesNo = z.enum(['Yes', 'No'], { error: 'must be Yes or No' });

/**
 * Reads only the fields a write sent, so an update changes those and leaves the rest: each present field
 * is checked by its schema; unknown fields are ignored. A problem is a 400 naming the field.
 */
export function parsePresentFields<T extends z.ZodObject>(schema: T, body: Record<string, unknown>): Partial<z.infer<T>> {
  const present = Object.fromEntries(Object.keys(schema.shape).filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
  const result = schema.partial().safeParse(present);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data as Partial<z.infer<T>>;
}
