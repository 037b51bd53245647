/**
 * Product search answered in memory. Ranking and counting a common word's matches in PostgreSQL reads every
 * matching row of product_search (13,000 rows for "tablet" at 100,000 products), which no index avoids; here
 * the same words are held as one list of products per word, so a search is a few passes over arrays.
 *
 * Products are numbered in the order search ranks them last (best sellers first, then newest), so the matches
 * of each rank tier come out already in order and only the page's worth of each is kept. Each instance builds
 * its index from product_search once, then, before each search, reads only the rows written since it last
 * looked (each row carries the transaction that wrote it, migration 0023): a write on any instance, committed
 * before a search starts, is in that search's answer. Changed products are held beside the built lists and
 * the index is rebuilt in the background once they are many.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { log } from '../log';
import { matchesWords, parseTsQuery, type TsQueryNode } from './ts-query';
import { WordCorrector, type WordMatch } from './vocabulary';
import { NameList } from './name-list';
import { addPosition, countPositions, forEachPosition, hasPosition, lowerBound, PostingLists, setLength, type PositionSet } from './postings';
import { config } from '../config';

/** Changed products held beside the built lists before the index is rebuilt. */
const MAX_CHANGED = 5000;
/** Product sets kept for reuse: enough for the deepest query the search writes, and the last match kept between count and rank. */
const SPARE_SETS = 8;

type ChangedProduct = { id: number; words: string[]; nameWords: string[]; searchName: string; itemsSold: number };
type ChangedRow = { id: number; active: boolean; words: string[]; name_words: string[]; search_name: string; items_sold: number };

export type RankedPage = { ids: number[]; total: number };

/**
 * Where the last read stopped: transactions from `next` on had not started, those in `running` had not committed;
 * every other transaction's rows were in it. (Not the snapshot's xmin: one long transaction anywhere on the
 * server would hold it back and have each search read again everything written since.)
 */
type Cursor = { next: string; running: string[] };

const snapshotCursor = sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next,
  array(SELECT pg_snapshot_xip(pg_current_snapshot())::text) AS running`;

const writtenSince = (cursor: Cursor) => sql`(changed >= ${cursor.next}::xid8 OR changed = ANY(${`{${cursor.running.join(',')}}`}::xid8[]))`;

const changesSince = (cursor: Cursor) => sql`
  SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next,
    array(SELECT pg_snapshot_xip(pg_current_snapshot())::text) AS running,
    (SELECT coalesce(json_agg(json_build_object('id', product_id, 'active', active, 'words', tsvector_to_array(document),
        'name_words', tsvector_to_array(name_document), 'search_name', search_name, 'items_sold', items_sold)), '[]'::json)
      FROM product_search WHERE ${writtenSince(cursor)}) AS changed,
    (SELECT coalesce(json_agg(product_id), '[]'::json) FROM product_search_removals WHERE ${writtenSince(cursor)}) AS removed`;

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function parseIds(list: string, positionOf: Map<number, number>): Uint32Array {
  const ids = list.split(',');
  const positions = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) positions[i] = positionOf.get(Number(ids[i]))!;
  return positions;
}

async function readPostings(tx: Database, column: 'document' | 'name_document', positionOf: Map<number, number>): Promise<PostingLists> {
  const rows = rowsOf<{ word: string; ids: string }>(
    await tx.execute(sql`
      SELECT word, string_agg(product_id::text, ',') AS ids
      FROM product_search, unnest(tsvector_to_array(${sql.identifier(column)})) AS word
      WHERE active GROUP BY word`),
  );
  const lists: [string, Uint32Array][] = [];
  for (const [i, row] of rows.entries()) {
    lists.push([row.word, parseIds(row.ids, positionOf)]);
    // A large catalogue's lists take a while to read: searches and pages go on being answered meanwhile.
    if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  return PostingLists.build(positionOf.size, lists);
}

export class ProductSearchIndex {
  private readonly changed = new Map<number, ChangedProduct | null>();
  /** Built products whose row has changed since (their current state is in `changed`). */
  private readonly replaced: PositionSet;
  private replacedCount = 0;
  /** How many changed products have each word (their words are not in the built lists). */
  private readonly changedWords = new Map<string, number>();
  private readonly corrector: WordCorrector;
  private cursor: Cursor;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private constructor(
    private readonly ids: Int32Array,
    private readonly itemsSold: Int32Array,
    private readonly names: NameList,
    /** The positions in order of product id, searched by halves: a Map of 100,000 products would hold 3.7 MB for a lookup only a change needs. */
    private readonly positionsById: Uint32Array,
    private readonly documents: PostingLists,
    private readonly productNames: PostingLists,
    cursor: Cursor,
  ) {
    this.replaced = new Uint32Array(setLength(ids.length));
    this.cursor = cursor;
    this.corrector = new WordCorrector({
      builtWords: documents.words,
      addedWords: () => this.addedWords(),
      documents: (word) => this.documentsWith(word),
      startsAnyWord: (prefix) => this.startsAnyWord(prefix),
    });
  }

  /** Reads the active catalogue's search rows in one snapshot. */
  static async build(db: Database): Promise<ProductSearchIndex> {
    return db.transaction(
      async (tx) => {
        const [cursor] = rowsOf<Cursor>(await tx.execute(snapshotCursor));
        const rows = rowsOf<{ product_id: number; items_sold: number; search_name: string }>(
          await tx.execute(sql`SELECT product_id, items_sold, search_name FROM product_search WHERE active ORDER BY items_sold DESC, product_id DESC`),
        );
        const positionOf = new Map(rows.map((row, position) => [row.product_id, position]));
        const ids = Int32Array.from(rows, (row) => row.product_id);
        return new ProductSearchIndex(
          ids,
          Int32Array.from(rows, (row) => row.items_sold),
          new NameList(rows.map((row) => row.search_name)),
          Uint32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!),
          await readPostings(tx, 'document', positionOf),
          await readPostings(tx, 'name_document', positionOf),
          cursor!,
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  get changedCount(): number {
    return this.changed.size;
  }

  /**
   * Reads what was written since the last look. Callers arriving while a read runs share the next one, which
   * starts after it, so every caller's answer includes what committed before it called.
   * Resolves false when the table was emptied meanwhile and the index must be built again.
   */
  catchUp(db: Database): Promise<boolean> {
    if (this.queued) return this.queued.then(() => this.valid);
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start(db);
        });
      return this.queued.then(() => this.valid);
    }
    return this.start(db).then(() => this.valid);
  }

  private valid = true;

  private start(db: Database): Promise<void> {
    const run = this.readChanges(db).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async readChanges(db: Database): Promise<void> {
    const [row] = rowsOf<Cursor & { changed: unknown; removed: unknown }>(await db.execute(changesSince(this.cursor)));
    const removed = fromJson<(number | null)[]>(row!.removed);
    if (removed.includes(null)) this.valid = false;
    for (const id of removed) if (id !== null) this.change(id, null);
    for (const product of fromJson<ChangedRow[]>(row!.changed)) {
      this.change(
        product.id,
        product.active
          ? { id: product.id, words: product.words, nameWords: product.name_words, searchName: product.search_name, itemsSold: product.items_sold }
          : null,
      );
    }
    this.cursor = { next: row!.next, running: row!.running };
  }

  private positionOfProduct(id: number): number | undefined {
    let [low, high] = [0, this.positionsById.length - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const position = this.positionsById[middle]!;
      if (this.ids[position] === id) return position;
      if (this.ids[position]! < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  private change(id: number, product: ChangedProduct | null): void {
    const position = this.positionOfProduct(id);
    if (position !== undefined && !hasPosition(this.replaced, position)) {
      addPosition(this.replaced, position);
      this.replacedCount++;
    }
    for (const word of this.changed.get(id)?.words ?? []) {
      const count = this.changedWords.get(word)! - 1;
      if (count > 0) this.changedWords.set(word, count);
      else this.changedWords.delete(word);
    }
    for (const word of product?.words ?? []) this.changedWords.set(word, (this.changedWords.get(word) ?? 0) + 1);
    this.changed.set(id, product);
  }

  private *addedWords(): Iterable<string> {
    for (const word of this.changedWords.keys()) if (this.documents.indexOf(word) < 0) yield word;
  }

  /** How many active products have the word. */
  private documentsWith(word: string): number {
    const index = this.documents.indexOf(word);
    let count = this.changedWords.get(word) ?? 0;
    if (index >= 0) count += this.documents.documents(index) - (this.replacedCount === 0 ? 0 : this.documents.countIn(index, this.replaced));
    return count;
  }

  /** Whether some active product has a word starting with `prefix`: a built one not changed since, or a changed one. */
  private startsAnyWord(prefix: string): boolean {
    const { words } = this.documents;
    for (let i = lowerBound(words, prefix); words[i]?.startsWith(prefix); i++) if (this.documents.anyOutside(i, this.replaced)) return true;
    for (const word of this.changedWords.keys()) if (word.startsWith(prefix)) return true;
    return false;
  }

  /** Each word checked against the catalogue's words and, when long enough, its closest corrections (matchWords' answer). */
  matchWords(words: string[]): WordMatch[] {
    return this.corrector.match(words);
  }

  /**
   * Product sets (one bit per built product) kept for the next search rather than made for each: a search
   * needs several, and making them anew was a good part of the garbage collector's work. Searches run one at
   * a time between awaits, so a taken set is given back before another search can take it.
   */
  private readonly spareSets: PositionSet[] = [];

  private takeSet(): PositionSet {
    const set = this.spareSets.pop();
    if (!set) return new Uint32Array(this.replaced.length);
    set.fill(0);
    return set;
  }

  private giveBack(set: PositionSet): void {
    if (this.spareSets.length < SPARE_SETS) this.spareSets.push(set);
  }

  /** The built products matching a query (taken from the spares: give it back). */
  private matching(node: TsQueryNode, postings: PostingLists): PositionSet {
    if ('word' in node) {
      const found = this.takeSet();
      if (!node.prefix) {
        const index = postings.indexOf(node.word);
        if (index >= 0) postings.addTo(index, found);
      } else {
        for (let i = lowerBound(postings.words, node.word); postings.words[i]?.startsWith(node.word); i++) postings.addTo(i, found);
      }
      return found;
    }
    const [first, ...rest] = node.parts.map((part) => this.matching(part, postings));
    for (const other of rest) {
      if (node.op === '&') for (let i = 0; i < first!.length; i++) first![i]! &= other[i]!;
      else for (let i = 0; i < first!.length; i++) first![i]! |= other[i]!;
      this.giveBack(other);
    }
    return first!;
  }

  /** The last query's built matches: a search counts, then ranks, the same query (the built lists never change). */
  private lastFound: { tsQuery: string; found: PositionSet } | null = null;

  private builtMatches(tsQuery: string, query: TsQueryNode): PositionSet {
    if (this.lastFound?.tsQuery !== tsQuery) {
      if (this.lastFound) this.giveBack(this.lastFound.found);
      this.lastFound = { tsQuery, found: this.matching(query, this.documents) };
    }
    return this.lastFound.found;
  }

  /** How many active products match. */
  count(tsQuery: string): number {
    const query = parseTsQuery(tsQuery);
    let total = countPositions(this.builtMatches(tsQuery, query), this.replaced);
    for (const product of this.changed.values()) if (product && matchesWords(query, product.words)) total++;
    return total;
  }

  /**
   * One page of matches in search's order — the exact name first, then names that start with the phrase, then
   * names that match, then best sellers, newest first — and how many match in all.
   */
  ranked(tsQuery: string, phrase: string, page: { limit: number; offset: number }): RankedPage {
    const query = parseTsQuery(tsQuery);
    const found = this.builtMatches(tsQuery, query);
    const inName = this.matching(query, this.productNames);
    const wanted = page.offset + page.limit;
    const nameTier = (isPhrase: boolean, startsWithPhrase: boolean, nameMatches: boolean) => (isPhrase ? 0 : startsWithPhrase ? 2 : 4) + (nameMatches ? 0 : 1);
    const tiers: number[][] = Array.from({ length: 6 }, () => []);
    let total = 0;
    forEachPosition(found, this.replaced, (i) => {
      total++;
      const tier = tiers[nameTier(this.names.is(i, phrase), this.names.startsWith(i, phrase), hasPosition(inName, i))]!;
      if (tier.length < wanted) tier.push(i);
    });
    type Candidate = { id: number; tier: number; itemsSold: number };
    const candidates: Candidate[] = tiers.flatMap((positions, tier) => positions.map((i) => ({ id: this.ids[i]!, tier, itemsSold: this.itemsSold[i]! })));
    for (const product of this.changed.values()) {
      if (!product || !matchesWords(query, product.words)) continue;
      total++;
      const name = product.searchName;
      candidates.push({
        id: product.id,
        tier: nameTier(name === phrase, name.startsWith(phrase), matchesWords(query, product.nameWords)),
        itemsSold: product.itemsSold,
      });
    }
    this.giveBack(inName);
    candidates.sort((a, b) => a.tier - b.tier || b.itemsSold - a.itemsSold || b.id - a.id);
    return { ids: candidates.slice(page.offset, wanted).map((candidate) => candidate.id), total };
  }
}

const INDEX_KEY = Symbol.for('marketplace.search.index');
type Holder = { [INDEX_KEY]?: { index: ProductSearchIndex | null; building: Promise<void> | null } };
const holder = globalThis as Holder;
const state = (holder[INDEX_KEY] ??= { index: null, building: null });

/** Set SEARCH_INDEX=off to answer every search from PostgreSQL (for measuring). */
export function searchIndexEnabled(): boolean {
  return config.SEARCH_INDEX !== 'off';
}

function buildInBackground(db: Database): Promise<void> {
  state.building ??= ProductSearchIndex.build(db)
    .then((index) => {
      state.index = index;
    })
    .catch((error: unknown) => log.error({ err: error }, 'the product search index could not be built'))
    .finally(() => {
      state.building = null;
    });
  return state.building;
}

/**
 * The index, caught up with every write committed before this call; null while it is first being built (search
 * then reads PostgreSQL, with the same results) or when switched off.
 */
export async function currentSearchIndex(db: Database): Promise<ProductSearchIndex | null> {
  if (!searchIndexEnabled()) return null;
  const index = state.index;
  if (!index) {
    void buildInBackground(db);
    return null;
  }
  if (!(await index.catchUp(db))) {
    if (state.index === index) state.index = null;
    void buildInBackground(db);
    return null;
  }
  if (index.changedCount > MAX_CHANGED) void buildInBackground(db);
  return index;
}

/** Builds the index now (tests, and a start that wants it ready before the first search). */
export async function buildSearchIndex(db: Database): Promise<void> {
  state.index = null;
  await buildInBackground(db);
}
