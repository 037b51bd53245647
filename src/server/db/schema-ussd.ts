/**
 * Shopping by USSD (src/server/ussd): the sessions a phone dials through Africa's Talking, kept in the database so
 * consecutive screens of one session may be answered by different store instances, and the language a number
 * chose before it has an account.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, knownLanguage, language, updatedAt } from './schema-columns';

/**
 * One USSD session, named by Africa's Talking's `sessionId`. `state` is where the shopper is (the screens to go
 * back through, the order being put together); `last_text` the inputs so far as the network sends them and
 * `last_reply` the screen answered to them, so a callback sent twice is answered the same without acting twice.
 * `status`: open (waiting for the shopper), ended (the store answered its last screen), resumed (a later session
 * took over its order) or dropped (the shopper declined to continue it). The end-of-session notification fills
 * `end_status`, `duration_seconds` and `cost`.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    id: text('id').primaryKey(),
    /** The dialing number in international form (+2567XXXXXXXX). */
    phone: text('phone').notNull(),
    service_code: text('service_code').notNull().default(''),
    network_code: text('network_code').notNull().default(''),
    language: language(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    /** How many replies the session has had: a write names the one it follows, so two answers cannot both land. */
    step: integer('step').notNull().default(0),
    last_text: text('last_text').notNull().default(''),
    last_reply: text('last_reply').notNull().default(''),
    status: text('status').notNull().default('open'),
    /** The order the session placed, once it has. */
    order_id: integer('order_id'),
    end_status: text('end_status').notNull().default(''),
    duration_seconds: integer('duration_seconds'),
    cost: text('cost').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('ussd_sessions_language_known', knownLanguage(t.language)),
    check('ussd_sessions_status_known', sql`${t.status} IN ('open', 'ended', 'resumed', 'dropped')`),
    // A number dialing again looks for its session cut off a moment ago.
    index('ussd_sessions_phone_idx').on(t.phone, t.updated_at),
    // Pruning finds old sessions by age.
    index('ussd_sessions_updated_idx').on(t.updated_at),
  ],
);

/** The language a number chose in the USSD menu (4 Language): its account's when it has one, else this. */
export const ussdNumbers = pgTable(
  'ussd_numbers',
  {
    phone: text('phone').primaryKey(),
    language: language(),
    updated_at: updatedAt(),
  },
  (t) => [check('ussd_numbers_language_known', knownLanguage(t.language))],
);
