/**
 * The content marketers edit: owns content_documents and content_versions. Shoppers read what is published
 * (cached, dropped on publish on every instance); editors save drafts, publish, and restore old versions.
 *
 * Every save names the `version` of the document it started from; the update only goes through while that is
 * still the document's version (one conditional UPDATE, so of two saves at the same moment exactly one wins,
 * on PostgreSQL as on PGlite), and the other is refused saying who changed the page and when, never silently
 * overwriting their words.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { contentDocuments, contentVersions, users } from '../db/schema';
import { transactionWithPurge, type Change } from '../cache/purge';
import { pageTags } from '../cache/page-tags';
import { cached, TTL } from '../cache/ttl-cache';
import { Conflict, Invalid, NotFound } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { kampalaDateTime } from '../../lib/dates';
import {
  CONTENT_KEYS,
  type ContactDetails,
  type ContentByKind,
  type ContentDocument,
  type ContentKind,
  type PageContent,
  type Promotions,
} from '../../lib/site-content';

export type { ContentDocument };
import { checkContent } from './content-schemas';
import { assertLinksResolve } from './content-links';
import { startingDocuments } from './starting-content';
import { CONTENT_MESSAGES } from '../../lib/messages/content-messages';

/** Cached reads of published content start with this; publishing drops them. */
export const CONTENT_READS = 'content:';
const READ_PREFIX = CONTENT_READS;

type DocumentRow = typeof contentDocuments.$inferSelect;
type DocumentInsert = typeof contentDocuments.$inferInsert;
type DocumentChanges = { [K in keyof DocumentInsert]?: DocumentInsert[K] | SQL };

export type ContentVersion = {
  number: number;
  content: ContentByKind[ContentKind];
  published_by: string;
  published_at: string;
  restored_from: number | null;
};

export type PublishedPage = { key: string; content: PageContent; published_at: Date };

const KINDS: readonly ContentKind[] = ['page', 'promotions', 'contact'];

function nameOf(kind: ContentKind, content: unknown): string {
  if (kind === 'promotions') return 'Home promotions';
  if (kind === 'contact') return 'Contact details';
  return (content as PageContent).heading || (content as PageContent).title;
}

function documentView(row: DocumentRow): ContentDocument {
  const kind = row.kind as ContentKind;
  return {
    key: row.key,
    kind,
    name: nameOf(kind, row.published),
    published: row.published as ContentByKind[ContentKind],
    published_at: row.published_at.toISOString(),
    published_number: row.published_number,
    draft: (row.draft as ContentByKind[ContentKind] | null) ?? null,
    draft_saved_at: row.draft_saved_at?.toISOString() ?? null,
    version: row.version,
    changed_at: row.changed_at.toISOString(),
  };
}

/** What publishing a document drops: a page's own cached page, or every page (the header and footer are on each). */
function publishChange(key: string, kind: ContentKind): Change {
  return { reads: [READ_PREFIX], pages: kind === 'page' ? [pageTags.staticPage(key)] : [pageTags.menu] };
}

const personName = (user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * Adds the starting content (src/content/pages and the promotions and contact details that were in code) for
 * every document the database lacks, as its version 1. Safe when several instances start at once.
 */
export async function addStartingContent(): Promise<number> {
  const db = await getDb();
  const present = new Set((await db.select({ key: contentDocuments.key }).from(contentDocuments)).map((row) => row.key));
  const missing = (await startingDocuments()).filter((document) => !present.has(document.key));
  let added = 0;
  for (const document of missing) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(contentDocuments)
        .values({ key: document.key, kind: document.kind, published: document.content, published_at: document.publishedAt, changed_at: document.publishedAt })
        .onConflictDoNothing()
        .returning({ key: contentDocuments.key });
      if (inserted.length === 0) return;
      await tx.insert(contentVersions).values({
        key: document.key,
        number: 1,
        content: document.content,
        published_by_name: 'Starting content',
        published_at: document.publishedAt,
      });
      added += 1;
    });
  }
  return added;
}

// ---- What shoppers see (cached until a publish drops it) ----

async function publishedRows(): Promise<{ key: string; kind: string; published: unknown; published_at: Date }[]> {
  const db = await getDb();
  return db
    .select({ key: contentDocuments.key, kind: contentDocuments.kind, published: contentDocuments.published, published_at: contentDocuments.published_at })
    .from(contentDocuments)
    .orderBy(asc(contentDocuments.key));
}

/** Every published static page, in the editors' order. */
export function publishedPages(): Promise<PublishedPage[]> {
  return cached(`${READ_PREFIX}pages`, TTL.categories, async () =>
    (await publishedRows())
      .filter((row) => row.kind === 'page')
      .map((row) => ({ key: row.key, content: row.published as PageContent, published_at: row.published_at }))
      .sort((a, b) => a.content.order - b.content.order || a.key.localeCompare(b.key)),
  );
}

/** One published static page, or null when there is no such page. */
export async function publishedPage(key: string): Promise<PublishedPage | null> {
  return (await publishedPages()).find((page) => page.key === key) ?? null;
}

async function publishedSingle<T>(key: string): Promise<T> {
  return cached(`${READ_PREFIX}${key}`, TTL.categories, async () => {
    const db = await getDb();
    const [row] = await db.select({ published: contentDocuments.published }).from(contentDocuments).where(eq(contentDocuments.key, key));
    if (!row) throw new Error(`The store has no ${key}: the starting content was not added`);
    return row.published as T;
  });
}

/** The header's promotion tiles and the home page's banners, as published. */
export const publishedPromotions = () => publishedSingle<Promotions>(CONTENT_KEYS.promotions);

/** The company's contact details, as published. */
export const publishedContact = () => publishedSingle<ContactDetails>(CONTENT_KEYS.contact);

// ---- What editors do ----

/** Every document, pages first in their order, for the editor's list. */
export async function listDocuments(): Promise<ContentDocument[]> {
  const db = await getDb();
  const rows = (await db.select().from(contentDocuments)).map(documentView);
  const rank = (document: ContentDocument) => KINDS.indexOf(document.kind);
  const order = (document: ContentDocument) => (document.kind === 'page' ? (document.published as PageContent).order : 0);
  return rows.sort((a, b) => rank(a) - rank(b) || order(a) - order(b) || a.key.localeCompare(b.key));
}

/** One document, or null when there is no such key. */
export async function findDocument(key: string): Promise<ContentDocument | null> {
  const db = await getDb();
  const [row] = await db.select().from(contentDocuments).where(eq(contentDocuments.key, key));
  return row ? documentView(row) : null;
}

export async function getDocument(key: string): Promise<ContentDocument> {
  const document = await findDocument(key);
  if (!document) throw new NotFound(CONTENT_MESSAGES.notFound);
  return document;
}

function expectedVersion(version: unknown): number {
  if (typeof version === 'number' && Number.isInteger(version) && version > 0) return version;
  if (typeof version === 'string' && /^[1-9]\d{0,8}$/.test(version)) return Number(version);
  throw new Invalid(CONTENT_MESSAGES.versionRequired);
}

/** The refusal of a save that started from an older version: who changed the document since, and when. */
async function staleSave(db: Database, key: string, editor: SessionUser): Promise<never> {
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
    .where(eq(contentDocuments.key, key));
  if (!row) throw new NotFound(CONTENT_MESSAGES.notFound);
  const who =
    row.changed_by === editor.id
      ? 'you (in another tab or window)'
      : row.email
        ? personName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email })
        : 'someone else';
  throw new Conflict(CONTENT_MESSAGES.stale(who, kampalaDateTime(row.changed_at.toISOString())));
}

/**
 * Moves the document on from `version` with `changes`, or refuses when another save went in first. The
 * WHERE names the version, so PostgreSQL re-checks it after waiting for a concurrent save's row lock.
 */
async function advance(tx: Database, key: string, version: number, editor: SessionUser, changes: DocumentChanges) {
  const [row] = await tx
    .update(contentDocuments)
    .set({ ...changes, version: sql`${contentDocuments.version} + 1`, changed_by: editor.id, changed_at: new Date() })
    .where(and(eq(contentDocuments.key, key), eq(contentDocuments.version, version)))
    .returning();
  return row ?? staleSave(tx, key, editor);
}

/** Keeps `content` as the document's draft, seen only by editors. */
export async function saveDraft(editor: SessionUser, key: string, version: unknown, content: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version);
  const document = await getDocument(key);
  const draft = checkContent(document.kind, content, 'draft');
  const db = await getDb();
  const row = await db.transaction((tx) =>
    advance(tx as unknown as Database, key, expected, editor, { draft, draft_saved_at: new Date(), draft_saved_by: editor.id }),
  );
  return documentView(row);
}

/** Makes `content` live for everyone as the document's next version, and drops the cached copies everywhere. */
async function publishContent(editor: SessionUser, key: string, expected: number, content: unknown, restoredFrom: number | null): Promise<ContentDocument> {
  const current = await getDocument(key);
  const checked = checkContent(current.kind, content, 'publish');
  const pageKeys = new Set((await listDocuments()).filter((document) => document.kind === 'page').map((document) => document.key));
  await assertLinksResolve(current.kind, checked, pageKeys);
  const db = await getDb();
  const publishedAt = new Date();
  const row = await transactionWithPurge(db, async (tx, changed) => {
    const updated = await advance(tx, key, expected, editor, {
      published: checked,
      published_at: publishedAt,
      published_number: sql`${contentDocuments.published_number} + 1`,
      draft: null,
      draft_saved_at: null,
      draft_saved_by: null,
    });
    await tx.insert(contentVersions).values({
      key,
      number: updated.published_number,
      content: checked,
      published_by: editor.id,
      published_by_name: personName(editor),
      published_at: publishedAt,
      restored_from: restoredFrom,
    });
    changed(publishChange(key, current.kind));
    return updated;
  });
  return documentView(row);
}

/** Publishes `content` (or, without it, the saved draft). */
export async function publish(editor: SessionUser, key: string, version: unknown, content?: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version);
  if (content !== undefined) return publishContent(editor, key, expected, content, null);
  const { draft } = await getDocument(key);
  if (!draft) throw new Invalid(CONTENT_MESSAGES.noDraft);
  return publishContent(editor, key, expected, draft, null);
}

/** Publishes an earlier version again, as the newest one (the history keeps every step). */
export async function restoreVersion(editor: SessionUser, key: string, version: unknown, number: unknown): Promise<ContentDocument> {
  const expected = expectedVersion(version);
  const wanted = Number(number);
  const db = await getDb();
  const [old] = Number.isInteger(wanted)
    ? await db
        .select({ content: contentVersions.content })
        .from(contentVersions)
        .where(and(eq(contentVersions.key, key), eq(contentVersions.number, wanted)))
    : [];
  if (!old) throw new NotFound(CONTENT_MESSAGES.noSuchVersion);
  return publishContent(editor, key, expected, old.content, wanted);
}

/** Every published version of a document, newest first. */
export async function documentHistory(key: string): Promise<ContentVersion[]> {
  await getDocument(key);
  const db = await getDb();
  const rows = await db.select().from(contentVersions).where(eq(contentVersions.key, key)).orderBy(desc(contentVersions.number));
  return rows.map((row) => ({
    number: row.number,
    content: row.content as ContentByKind[ContentKind],
    published_by: row.published_by_name,
    published_at: row.published_at.toISOString(),
    restored_from: row.restored_from,
  }));
}
