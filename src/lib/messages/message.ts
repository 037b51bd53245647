/**
 * A message as layers pass it: a key naming an entry of the outcome tables (src/lib/i18n/en/outcomes.ts) and the
 * values its entry is written with, never a finished sentence. Only the edge that answers a person renders it
 * (./say-message.ts), in the language that person reads; a value may itself be a message, said in the same
 * language ("Failed to place order: only 2 left").
 */
import type { Outcomes, StaffOutcomes } from '../i18n/en/outcomes';

/** The shoppers' tables, said in every language, and the staff tools' tables, said in English in every language. */
type Tables = Outcomes & StaffOutcomes;

export type OutcomeDomain = keyof Tables;

/** A value an entry is written with: a name or number as it is, or another message said in the same language. */
export type MessageValue = string | number | Message;

export type Message = { readonly key: string; readonly values: readonly MessageValue[] };

/** What an entry takes: a text entry nothing, a function entry its parameters, each of which may be a message. */
type ValuesOf<Entry> = Entry extends (...args: infer Args) => string ? { [Index in keyof Args]: Args[Index] | Message } : [];

/** The message for `entry` of `domain`'s table: `message('order', 'tooManyUnpaid', 3)`. */
export function message<Domain extends OutcomeDomain, Entry extends keyof Tables[Domain] & string>(
  domain: Domain,
  entry: Entry,
  ...values: ValuesOf<Tables[Domain][Entry]>
): Message {
  return { key: `${domain}.${entry}`, values: values as readonly MessageValue[] };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).key === 'string' && Array.isArray((value as Message).values);
}
