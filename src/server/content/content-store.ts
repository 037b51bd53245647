/**
 * The content marketers edit: owns content_documents and content_versions. Every document (a page, the home
 * promotions, the contact details) has an English version and may have a Luganda and a Swahili one, each with
 * its own draft, publish, history and restore. Shoppers read what is published (published-content.ts, cached,
 * dropped on publish on every instance), in their language or else in English.
 *
 * Every save names the `version` of the document it started from; the update only goes through while that is
 * still the document's version (one conditional UPDATE, so of two saves at the same moment exactly one wins,
 * on PostgreSQL as on PGlite), and the other is refused saying who changed the page and when, never silently
 * overwriting their words. A translation nobody has saved yet is version 0: the first save inserts its row,
 * and of two first saves at once the insert lets one through and the other is refused the same way.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { contentDocuments, contentVersions, users } from '../db/schema';
import { transactionWithPurge, type Change } from '../cache/purge';
import { pageTags } from '../cache/page-tags';
import { Conflict, Invalid, NotFound } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { kampalaDateTime } from '../../lib/dates';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../lib/i18n/languages';
import type { AnyContent, ContentDocument, ContentKind, PageContent } from '../../lib/site-content';
import { checkContentIn } from './content-schemas';
import { assertLinksResolve, assertNoScript } from './content-links';
import { startingDocuments, type StartingDocument } from './starting-content';
import { message } from '../../lib/messages/message';
import { wholeNumberField } from '../input-fields';

export type { ContentDocument };

/** Cached reads of published content start with this; an English publish drops them all (English is every language's fallback). */
export const CONTENT_READS = 'content:';

/** The cached reads of one language's published content; a publish in that language drops them. */
export const contentReads = (language: Language) => `${CONTENT_READS}${language}:`;

/** A document in one language. */
export type DocumentRef = { key: string; language: Language };

type DocumentRow = typeof contentDocuments.$inferSelect;
type DocumentInsert = typeof contentDocuments.$inferInsert;
type DocumentChanges = { [K in keyof DocumentInsert]?: DocumentInsert[K] | SQL };

export type ContentVersion = {
  number: number;
  content: AnyContent;
  published_by: string;
  published_at: string;
  restored_from: number | null;
};

/** A published version as stored: its document, language and content. */
export type PublishedRow = { key: string; kind: ContentKind; language: Language; content: AnyContent; published_at: Date };

const KINDS: readonly ContentKind[] = ['page', 'promotions', 'contact'];

/** The language an editor's request names (`?language=`), English when it names none; anything else is refused. */
export function contentLanguage(value: string | null | undefined): Language {
  if (value === null || value === undefined || value === '') return DEFAULT_LANGUAGE;
  if (isLanguage(value)) return value;
  throw new Invalid(message('content', 'languageInvalid'));
}

/** The document a request names: the key from its address, the language from `?language=` (English when absent). */
export function documentRef(key: string | undefined, query: URLSearchParams): DocumentRef {
  return { key: key ?? '', language: contentLanguage(query.get('language')) };
}

function nameOf(kind: ContentKind, content: unknown): string {
  if (kind === 'promotions') return 'Home promotions';
  if (kind === 'contact') return 'Contact details';
  return (content as PageContent).heading || (content as PageContent).title;
}

/** A document in `language` as editors see it, from its English row and its own row (none yet for an unsaved translation). */
function documentView(english: DocumentRow, own: DocumentRow | undefined, language: Language): ContentDocument {
  const kind = english.kind as ContentKind;
  return {
    key: english.key,
    kind,
    language,
    name: nameOf(kind, english.published),
    published: (own?.published as AnyContent | null | undefined) ?? null,
    published_at: own?.published_at?.toISOString() ?? null,
    published_number: own?.published_number ?? 0,
    draft: (own?.draft as AnyContent | null | undefined) ?? null,
    draft_saved_at: own?.draft_saved_at?.toISOString() ?? null,
    version: own?.version ?? 0,
    changed_at: own?.changed_at.toISOString() ?? null,
    english: language === DEFAULT_LANGUAGE ? null : (english.published as AnyContent),
  };
}

/**
 * What publishing a document drops: its page in that language (which English fallbacks share, since they carry
 * the English page's tag too), or for the promotions and contact details every page in that language; English
 * is every language's fallback, so an English publish of those drops every page.
 */
function publishChange({ key, language }: DocumentRef, kind: ContentKind): Change {
  const reads = [language === DEFAULT_LANGUAGE ? CONTENT_READS : contentReads(language)];
  if (kind === 'page') return { reads, pages: [pageTags.staticPage(key, language)] };
  return { reads, pages: [language === DEFAULT_LANGUAGE ? pageTags.menu : pageTags.language(language)] };
}

const personName = (user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>) => `${user.first_name} ${user.last_name}`.trim() || user.email;

const refOf = (document: { key: string; language: Language }) => `${document.language}:${document.key}`;

/**
 * Which starting documents a store lacks. A starting translation is added only while its English is still the
 * starting version: once marketers have changed the English, a translation of the old text could say what the
 * page no longer says, so that language shows the English (marked) until someone translates the new one.
 */
export function startingDocumentsToAdd(
  documents: StartingDocument[],
  present: { key: string; language: string; published_number: number }[],
): StartingDocument[] {
  const existing = new Set(present.map((row) => refOf({ key: row.key, language: row.language as Language })));
  const changedEnglish = new Set(present.filter((row) => row.language === DEFAULT_LANGUAGE && row.published_number > 1).map((row) => row.key));
  return documents.filter((document) => !existing.has(refOf(document)) && (document.language === DEFAULT_LANGUAGE || !changedEnglish.has(document.key)));
}

/**
 * Adds the starting content (src/content/pages with its lg/ and sw/ translations, and the promotions and
 * contact details in each language) for every document the database lacks, as its version 1. Safe when
 * several instances start at once.
 */
export async function addStartingContent(): Promise<number> {
  const db = await getDb();
  const present = await db
    .select({ key: contentDocuments.key, language: contentDocuments.language, published_number: contentDocuments.published_number })
    .from(contentDocuments);
  let added = 0;
  // English first: startingDocuments lists it before the translations.
  for (const document of startingDocumentsToAdd(await startingDocuments(), present)) {
    await db.transaction(async (tx) => {
      const { key, language, kind, content, publishedAt } = document;
      const inserted = await tx
        .insert(contentDocuments)
        .values({ key, language, kind, published: content, published_at: publishedAt, changed_at: publishedAt })
        .onConflictDoNothing()
        .returning({ key: contentDocuments.key });
      if (inserted.length === 0) return;
      await tx.insert(contentVersions).values({ key, language, number: 1, content, published_by_name: 'Starting content', published_at: publishedAt });
      added += 1;
    });
  }
  return added;
}

/** Every published document in `languages`, for published-content.ts (which caches what shoppers read). */
export async function publishedRows(languages: readonly Language[]): Promise<PublishedRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      key: contentDocuments.key,
      kind: contentDocuments.kind,
      language: contentDocuments.language,
      published: contentDocuments.published,
      published_at: contentDocuments.published_at,
    })
    .from(contentDocuments)
    .where(inArray(contentDocuments.language, [...languages]))
    .orderBy(asc(contentDocuments.key));
  return rows.flatMap((row) =>
    row.published && row.published_at
      ? [
          {
            key: row.key,
            kind: row.kind as ContentKind,
            language: row.language as Language,
            content: row.published as AnyContent,
            published_at: row.published_at,
          },
        ]
      : [],
  );
}

// ---- What editors do ----

/** The rows of English and `language` (of one key, or of all), as views of `language`. */
async function documentsIn(language: Language, key?: string): Promise<ContentDocument[]> {
  const db = await getDb();
  const languages = [...new Set([DEFAULT_LANGUAGE, language])];
  const rows = await db
    .select()
    .from(contentDocuments)
    .where(and(inArray(contentDocuments.language, languages), key === undefined ? undefined : eq(contentDocuments.key, key)));
  const own = new Map(rows.filter((row) => row.language === language).map((row) => [row.key, row]));
  return rows.filter((row) => row.language === DEFAULT_LANGUAGE).map((english) => documentView(english, own.get(english.key), language));
}

/** Every document in `language`, pages first in their order, for the editor's list. */
export async function listDocuments(language: Language = DEFAULT_LANGUAGE): Promise<ContentDocument[]> {
  const documents = await documentsIn(language);
  const rank = (document: ContentDocument) => KINDS.indexOf(document.kind);
  // The English order: a translation keeps its page where the English is.
  const order = (document: ContentDocument) => (document.kind === 'page' ? ((document.english ?? document.published) as PageContent).order : 0);
  return documents.sort((a, b) => rank(a) - rank(b) || order(a) - order(b) || a.key.localeCompare(b.key));
}

/** One document in a language, or null when there is no such key. */
export async function findDocument({ key, language }: DocumentRef): Promise<ContentDocument | null> {
  return (await documentsIn(language, key))[0] ?? null;
}

/** A document in every language, English first, or null when there is no such key: the editor's language choice. */
export async function documentInEveryLanguage(key: string): Promise<ContentDocument[] | null> {
  const db = await getDb();
  const rows = await db.select().from(contentDocuments).where(eq(contentDocuments.key, key));
  const english = rows.find((row) => row.language === DEFAULT_LANGUAGE);
  if (!english) return null;
  return LANGUAGES.map((language) =>
    documentView(
      english,
      rows.find((row) => row.language === language),
      language,
    ),
  );
}

export async function getDocument(ref: DocumentRef): Promise<ContentDocument> {
  const document = await findDocument(ref);
  if (!document) throw new NotFound(message('content', 'notFound'));
  return document;
}

/**
 * The version a save started from: 1 or more, or 0 for a translation nobody has saved yet. None, or one below
 * that, means the caller did not say where it started; one that is not a whole number the database keeps is
 * refused naming the rule.
 */
function expectedVersion(version: unknown, language: Language): number {
  const lowest = language === DEFAULT_LANGUAGE ? 1 : 0;
  const missing = version === undefined || version === null || version === '';
  if (missing || ((typeof version === 'number' || typeof version === 'string') && Number(version) < lowest))
    throw new Invalid(message('content', 'versionRequired'));
  return wholeNumberField('version', version, lowest);
}

/** The refusal of a save that started from an older version: who changed the document since, and when. */
async function staleSave(db: Database, { key, language }: DocumentRef, editor: SessionUser): Promise<never> {
  const [row] = await db
    .select({
      changed_at: contentDocuments.changed_at,
      changed_by: contentDocuments.changed_by,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(contentDocuments)
    .leftJoin(users, eq(users.id, contentDocuments.changed_by))
    .where(and(eq(contentDocuments.key, key), eq(contentDocuments.language, language)));
  if (!row) throw new NotFound(message('content', 'notFound'));
  const who =
    row.changed_by === editor.id
      ? 'you (in another tab or window)'
      : row.email
        ? personName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email })
        : 'someone else';
  throw new Conflict(message('content', 'stale', who, kampalaDateTime(row.changed_at.toISOString())));
}

/**
 * Moves the document on from `version` with `changes`, or refuses when another save went in first. The
 * WHERE names the version, so PostgreSQL re-checks it after waiting for a concurrent save's row lock. From
 * version 0 (a translation without a row) it inserts the row; a row already there means someone else did.
 */
async function advance(tx: Database, document: ContentDocument, version: number, editor: SessionUser, changes: DocumentChanges): Promise<DocumentRow> {
  const { key, language, kind } = document;
  const stamp = { changed_by: editor.id, changed_at: new Date() };
  const [row] =
    version === 0
      ? await tx
          .insert(contentDocuments)
          .values({ key, language, kind, ...changes, published_number: changes.published ? 1 : 0, version: 1, ...stamp })
          .onConflictDoNothing()
          .returning()
      : await tx
          .update(contentDocuments)
          .set({ ...changes, version: sql`${contentDocuments.version} + 1`, ...stamp })
          .where(and(eq(contentDocuments.key, key), eq(contentDocuments.language, language), eq(contentDocuments.version, version)))
          .returning();
  return row ?? staleSave(tx, document, editor);
}

async function englishRow(db: Database, key: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(and(eq(contentDocuments.key, key), eq(contentDocuments.language, DEFAULT_LANGUAGE)));
  if (!row) throw new NotFound(message('content', 'notFound'));
  return row;
}

/** Keeps `content` as the document's draft in its language, seen only by editors. */
export async function saveDraft(editor: SessionUser, ref: DocumentRef, version: unknown, content: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version, ref.language);
  const document = await getDocument(ref);
  const draft = checkContentIn(ref.language, document.kind, content, 'draft');
  await assertNoScript(document.kind, draft);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await advance(tx as unknown as Database, document, expected, editor, { draft, draft_saved_at: new Date(), draft_saved_by: editor.id });
    return documentView(ref.language === DEFAULT_LANGUAGE ? row : await englishRow(tx as unknown as Database, ref.key), row, ref.language);
  });
}

/** The slugs of the store's pages, where published links may lead. */
async function pageKeys(): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ key: contentDocuments.key })
    .from(contentDocuments)
    .where(and(eq(contentDocuments.kind, 'page'), eq(contentDocuments.language, DEFAULT_LANGUAGE)));
  return new Set(rows.map((row) => row.key));
}

/** Makes `content` live in its language as the document's next version, and drops the cached copies everywhere. */
async function publishContent(
  editor: SessionUser,
  ref: DocumentRef,
  expected: number,
  content: unknown,
  restoredFrom: number | null,
): Promise<ContentDocument> {
  const current = await getDocument(ref);
  const checked = checkContentIn(ref.language, current.kind, content, 'publish');
  await assertLinksResolve(current.kind, checked, await pageKeys());
  const db = await getDb();
  const publishedAt = new Date();
  return transactionWithPurge(db, async (tx, changed) => {
    const updated = await advance(tx, current, expected, editor, {
      published: checked,
      published_at: publishedAt,
      published_number: sql`${contentDocuments.published_number} + 1`,
      draft: null,
      draft_saved_at: null,
      draft_saved_by: null,
    });
    await tx.insert(contentVersions).values({
      key: ref.key,
      language: ref.language,
      number: updated.published_number,
      content: checked,
      published_by: editor.id,
      published_by_name: personName(editor),
      published_at: publishedAt,
      restored_from: restoredFrom,
    });
    changed(publishChange(ref, current.kind));
    return documentView(ref.language === DEFAULT_LANGUAGE ? updated : await englishRow(tx, ref.key), updated, ref.language);
  });
}

/** Publishes `content` (or, without it, the saved draft) in the document's language. */
export async function publish(editor: SessionUser, ref: DocumentRef, version: unknown, content?: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version, ref.language);
  if (content !== undefined) return publishContent(editor, ref, expected, content, null);
  const { draft, version: current } = await getDocument(ref);
  if (draft) return publishContent(editor, ref, expected, draft, null);
  // No draft because someone published or changed it since: say who, as a stale save does.
  if (current !== expected && current !== 0) await staleSave(await getDb(), ref, editor);
  throw new Invalid(message('content', 'noDraft'));
}

/** Publishes an earlier version of the same language again, as the newest one (the history keeps every step). */
export async function restoreVersion(editor: SessionUser, ref: DocumentRef, version: unknown, number: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version, ref.language);
  const wanted = wholeNumberField('number', number, 1);
  const db = await getDb();
  const [old] = await db
    .select({ content: contentVersions.content })
    .from(contentVersions)
    .where(and(eq(contentVersions.key, ref.key), eq(contentVersions.language, ref.language), eq(contentVersions.number, wanted)));
  if (!old) throw new NotFound(message('content', 'noSuchVersion'));
  return publishContent(editor, ref, expected, old.content, wanted);
}

/** Every published version of a document in its language, newest first (none for a translation never published). */
export async function documentHistory(ref: DocumentRef): Promise<ContentVersion[]> {
  await getDocument(ref);
  const db = await getDb();
  const rows = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.key, ref.key), eq(contentVersions.language, ref.language)))
    .orderBy(desc(contentVersions.number));
  return rows.map((row) => ({
    number: row.number,
    content: row.content as AnyContent,
    published_by: row.published_by_name,
    published_at: row.published_at.toISOString(),
    restored_from: row.restored_from,
  }));
}
