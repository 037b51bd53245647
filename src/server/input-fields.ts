/**
 * Pieces of the services' input checks, read the same way from JSON, multipart and urlencoded bodies (so
 * numbers may arrive as text). A problem is an Invalid naming the field.
 */
import { z } from 'zod';
import { Invalid } from './errors';
import { fieldRefusal, zodRefusal } from './input-refusals';
import { message, type Message } from '../lib/messages/message';

/** The largest id a table holds (PostgreSQL integer): a larger one names nothing, and is refused before it reaches SQL. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id a client sent (number or digits), refused with `message` when it cannot name a row. */
export const rowIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ROW_ID, { error: message });

/**
 * The one reading of a row id a client sent in `field` outside a schema (a body field or query parameter, as a
 * number or its digits): undefined when absent (missing, null or empty), refused naming the field with `rule`
 * when it is not a positive whole number, and as beyond the largest id when it is 2^31 or more, before any
 * query compares it with an integer column (which would fail the query).
 */
export function optionalRowId(field: string, value: unknown, rule: Message): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw new Invalid(fieldRefusal(field, rule));
  if (id > MAX_ROW_ID) throw new Invalid(fieldRefusal(field, message('field', 'atMost', MAX_ROW_ID)));
  return id;
}

/** Reads a product id a client sent (a body field or query parameter): a positive whole number, as a number or a string. */
export function productIdFrom(value: unknown): number {
  const id = optionalRowId('product_id', value, message('field', 'productId'));
  if (id === undefined) throw new Invalid(fieldRefusal('product_id', message('field', 'productId')));
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

/**
 * Characters no text a person sends holds: the C0 controls but tab, line feed and carriage return, DEL and the C1
 * controls. NUL among them cannot even be stored (PostgreSQL's text refuses it), so one reaching a query fails it.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A field name as a refusal may print it: its control characters written as escapes. */
const printable = (name: string) =>
  name.replace(new RegExp(CONTROL_CHARACTER, 'g'), (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The path (`items.0.name`) of the first text in `value`, or name of a field, holding a control character; null when none does. */
function controlCharacterAt(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || value instanceof Blob) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, printable(key)].join('.');
    const found = controlCharacterAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The one rule for every text a client sends (a body's fields, however deep, a query's parameters, an address's
 * parts): a control character in any of them is an Invalid naming the field, before any service reads it.
 * Files are not text and are not looked at.
 */
export function refuseControlCharacters(fields: Record<string, unknown>): void {
  const field = controlCharacterAt(fields, []);
  if (field !== null) throw new Invalid(fieldRefusal(field || 'body', message('field', 'controlCharacters')));
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
