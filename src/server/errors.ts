/**
 * The refusals the store's services give, named by what went wrong rather than by how HTTP says it. Each
 * carries the text a person reads (the spec's texts: each domain's table in src/lib/messages/)
 * and whatever else the reply needs. Services and pages throw and catch them by name; only the endpoint
 * wrapper (`endpoint` in http/errors.ts) turns them into statuses and the {code, message, data} envelope.
 */
import type { z } from 'zod';
import type { Message } from '../lib/messages/message';
import { sayMessage } from '../lib/messages/say-message';
import { zodRefusal } from './input-refusals';

/**
 * An expected refusal: what went wrong, in words the caller can act on. `said` is the message the reply renders
 * in the caller's language; `message` is its English, for logs.
 */
export abstract class DomainError extends Error {
  constructor(readonly said: Message) {
    super(sayMessage(said, 'en'));
    this.name = new.target.name;
  }
}

/** What was sent cannot be used: a field missing or malformed, or fields that contradict each other. */
export class Invalid extends DomainError {}

/** Nobody is logged in, or the login has ended. */
export class Unauthenticated extends DomainError {}

/** The caller is known but may not do this (another vendor's product, an administrator's field). */
export class Forbidden extends DomainError {}

/** What was asked for does not exist, or is not the caller's to see. */
export class NotFound extends DomainError {}

/** Well formed, but the state of things refuses it: out of stock, already paid, a name already taken. */
export class Conflict extends DomainError {}

/** Something sent is bigger than the store takes (a picture, a body). */
export class TooLarge extends DomainError {}

/** Too many attempts in too short a time; when the wait is known, `retryAfterSeconds` says how long it is. */
export class TooManyAttempts extends DomainError {
  constructor(
    said: Message,
    readonly retryAfterSeconds?: number,
  ) {
    super(said);
  }
}

/** Something the store relies on (a payment gateway) cannot answer now; the same request may work later. */
export class Unavailable extends DomainError {}

/** The first validation problem in English, phrased for a person: "limit: must be at most 100" (./input-refusals.ts says it as a message). */
export function describeZodError(error: z.ZodError): string {
  return sayMessage(zodRefusal(error), 'en');
}
