/**
 * The catalogue's words in Luganda and Swahili (src/lib/catalogue-names.ts says them): category names, colour and
 * size values, specification and option names, option values and delivery regions, kept per language and edited
 * by administrators. This module owns the catalogue_words table.
 *
 * Pages read one language's names as one small table (a few hundred words), cached with the catalogue's reads;
 * an edit drops them and every page (each shows the category menu) on every instance.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { catalogueWords } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { transactionWithPurge } from '../cache/purge';
import { Invalid } from '../errors';
import { zodRefusal } from '../input-refusals';
import { catalogueChange } from './catalogue-changes';
import { CATALOGUE_WORD_KINDS, ENGLISH_NAMES, type CatalogueNames, type CatalogueWordKind } from '../../lib/catalogue-names';
import type { Language } from '../../lib/i18n/languages';

/** The languages words are translated into (English is what the catalogue stores). */
export const TRANSLATED_LANGUAGES = ['lg', 'sw'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export type CatalogueWord = { kind: CatalogueWordKind; english: string; language: TranslatedLanguage; name: string };

/** The read-cache key of a language's names: under `categories:`, so every catalogue change drops it too. */
const namesKey = (language: TranslatedLanguage) => `categories:words:${language}`;

/** One language's names for the catalogue's words; English (nothing translated) for English pages. */
export async function catalogueNames(language: Language): Promise<CatalogueNames> {
  if (language === 'en') return ENGLISH_NAMES;
  return cached(namesKey(language), TTL.categories, async () => {
    const db = await getDb();
    const rows = await db
      .select({ kind: catalogueWords.kind, english: catalogueWords.english, name: catalogueWords.name })
      .from(catalogueWords)
      .where(eq(catalogueWords.language, language));
    const names: Record<CatalogueWordKind, Record<string, string>> = { category: {}, colour: {}, size: {}, spec: {}, value: {}, region: {} };
    for (const row of rows) if (row.kind in names) names[row.kind as CatalogueWordKind][row.english] = row.name;
    return names;
  });
}

/** Every stored translation, by kind then English word, for the administrators' screen. */
export async function listCatalogueWords(): Promise<CatalogueWord[]> {
  const db = await getDb();
  const rows = await db
    .select({ kind: catalogueWords.kind, english: catalogueWords.english, language: catalogueWords.language, name: catalogueWords.name })
    .from(catalogueWords)
    .orderBy(asc(catalogueWords.kind), asc(catalogueWords.english), asc(catalogueWords.language));
  return rows as CatalogueWord[];
}

// A name is shown as text wherever a page says it; markup in one is a mistake (or worse), and so is a control character.
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[<>\u0000-\u001F]/;

const word = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !UNSHOWABLE.test(value), { error: 'must not hold < > or control characters' });

/** One edit: a word's names in both languages; an empty name removes that language's translation (English is said again). */
const wordEditSchema = z.object({
  kind: z.enum(CATALOGUE_WORD_KINDS, { error: `must be one of ${CATALOGUE_WORD_KINDS.join(', ')}` }),
  english: word(120).refine((value) => value.length > 0, { error: 'is required' }),
  lg: word(120).optional(),
  sw: word(120).optional(),
});

export type CatalogueWordEdit = z.infer<typeof wordEditSchema>;

/** Reads an administrator's edits: one word (an object) or several (a list), each checked before any is written. */
export function parseCatalogueWordEdits(body: unknown): CatalogueWordEdit[] {
  const list = Array.isArray(body) ? body : [body];
  const parsed = z.array(wordEditSchema).min(1, { error: 'name at least one word' }).max(500, { error: 'at most 500 words at once' }).safeParse(list);
  if (!parsed.success) throw new Invalid(zodRefusal(parsed.error));
  return parsed.data;
}

/** Writes edits inside a transaction: a name is set, replaced, or (given empty) removed; the names set go in one statement. */
export async function writeCatalogueWords(tx: Database, edits: readonly CatalogueWordEdit[]): Promise<void> {
  // One row per word and language (the last edit of it wins): one statement may not set a row twice.
  const kept = new Map<string, CatalogueWord>();
  for (const edit of edits) {
    for (const language of TRANSLATED_LANGUAGES) {
      const name = edit[language];
      if (name === undefined) continue;
      kept.delete(`${edit.kind}\u0000${edit.english}\u0000${language}`);
      if (name !== '') kept.set(`${edit.kind}\u0000${edit.english}\u0000${language}`, { kind: edit.kind, english: edit.english, language, name });
      else
        await tx
          .delete(catalogueWords)
          .where(and(eq(catalogueWords.kind, edit.kind), eq(catalogueWords.english, edit.english), eq(catalogueWords.language, language)));
    }
  }
  if (kept.size === 0) return;
  await tx
    .insert(catalogueWords)
    .values([...kept.values()])
    .onConflictDoUpdate({
      target: [catalogueWords.kind, catalogueWords.english, catalogueWords.language],
      set: { name: sql`excluded.name`, updated_at: sql`now()` },
    });
}

/** An administrator's edits of the catalogue's words, written at once; every page says them from the next reply. */
export async function saveCatalogueWords(edits: readonly CatalogueWordEdit[]): Promise<void> {
  const db = await getDb();
  await transactionWithPurge(db, async (tx, changed) => {
    changed(catalogueChange);
    await writeCatalogueWords(tx, edits);
  });
}

/**
 * A category renamed keeps its translations (they are keyed by its English name), unless the new name has its
 * own already. Called only when no other category keeps the old name.
 */
export async function renameCatalogueWord(tx: Database, kind: CatalogueWordKind, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.execute(sql`
    UPDATE ${catalogueWords} AS w SET english = ${to}, updated_at = now()
    WHERE w.kind = ${kind} AND w.english = ${from}
      AND NOT EXISTS (SELECT 1 FROM ${catalogueWords} AS taken WHERE taken.kind = w.kind AND taken.english = ${to} AND taken.language = w.language)`);
}

/** One kind's words as the administrators' screen lists them: each English word with its names, if any. */
export type CatalogueWordRow = { english: string; lg: string; sw: string };

/**
 * Every word of one kind a shopper may read (`inUse`: those the catalogue and places use now) and every one
 * translated before, with its names, A to Z: the words still to translate have empty names.
 */
export async function catalogueWordRows(kind: CatalogueWordKind, inUse: readonly string[]): Promise<CatalogueWordRow[]> {
  const rows = new Map<string, CatalogueWordRow>(inUse.map((english) => [english, { english, lg: '', sw: '' }]));
  for (const word of await listCatalogueWords()) {
    if (word.kind !== kind) continue;
    const row = rows.get(word.english) ?? { english: word.english, lg: '', sw: '' };
    row[word.language] = word.name;
    rows.set(word.english, row);
  }
  return [...rows.values()].sort((a, b) => a.english.localeCompare(b.english, 'en'));
}

/**
 * The edits a screen's form sends for one kind: `english.N`, `lg.N` and `sw.N` for each row N it showed (an
 * empty name removes that translation).
 */
export function catalogueWordEditsFromForm(kind: unknown, body: Record<string, unknown>): CatalogueWordEdit[] {
  const edits: unknown[] = [];
  for (const [field, english] of Object.entries(body)) {
    const row = /^english\.(\d{1,4})$/.exec(field)?.[1];
    if (row === undefined) continue;
    edits.push({ kind, english, lg: body[`lg.${row}`] ?? '', sw: body[`sw.${row}`] ?? '' });
  }
  return parseCatalogueWordEdits(edits);
}
