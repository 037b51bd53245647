/** Columns every schema file uses alike. */
import { sql, type SQL } from 'drizzle-orm';
import { text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The store's languages as stored: LANGUAGES of src/lib/i18n/languages.ts, spelt out because the database
 * layer imports nothing above it. A language added there and not here is refused by the type checker where
 * a service writes it.
 */
const STORED_LANGUAGES = ['en', 'lg', 'sw'] as const;

/** The language a person is written to in (en, lg or sw): their mails and texts. */
export const language = () => text('language').$type<(typeof STORED_LANGUAGES)[number]>().notNull().default('en');

/** The check that keeps a language column to the store's languages. */
export const knownLanguage = (column: PgColumn): SQL => sql`${column} IN (${sql.raw(STORED_LANGUAGES.map((code) => `'${code}'`).join(', '))})`;
