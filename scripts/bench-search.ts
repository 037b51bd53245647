/**
 * Measures the header's search-as-you-type, GET /api/live-search?q=…&limit=6, on a large catalogue
 * (PGlite under data/bench, or the PostgreSQL in DATABASE_URL — which is wiped), and its typo tolerance.
 *
 * From the seeded catalogue itself it builds 200 distinct queries a shopper might type — brands, brand +
 * model, category words, half-typed words, about a third of them misspelt — and times them one after
 * another (one shopper typing): with the catalogue cache (first pass cold, second warm), without it,
 * and once under load at 10 connections cycling through them (scripts/load-client.ts, whose cost per
 * response does not depend on the body, so the figure is the store's work). Then it misspells the brand + model
 * of 50 products and counts how often the product is still among the six products live search shows.
 * Each figure is printed with the machine's load average (1 minute) when it was taken: on a shared machine
 * the other work there is part of the figure.
 *
 * The store answers searches from its in-memory index (src/server/search/search-index.ts) once it has built it,
 * which it starts on its first search: the first pass of each store includes those searches read from
 * PostgreSQL. SEARCH_INDEX=off measures PostgreSQL alone. With the catalogue cache off nothing read is kept
 * between requests; the index is not a cache of answers (it follows every write before each search).
 *
 *   npm run bench:search [-- --products 100000 --seconds 10 --connections 10]
 *   BENCH_SEARCH_REUSE=1 …   measures the PostgreSQL catalogue the last run left instead of seeding it again
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { UNBRANDED } from '../src/server/demo-data/catalogue';
import { hashString, Random } from '../src/server/demo-data/random';
import type { LiveSearchResult } from '../src/server/search/live-search';
import {
  driverName,
  ensureStoreBuilt,
  loadTest,
  type LoadFigure,
  percentile,
  positiveWholeNumberOptions,
  prepareCatalogue,
  residentMemoryMb,
  withBenchStore,
} from './bench-support';

const { products: productCount, seconds, connections } = positiveWholeNumberOptions({ products: 100_000, seconds: 10, connections: 10 });

const QUERY_COUNT = 200;
const TYPO_CASE_COUNT = 50;
const RESULT_LIMIT = 6;
const TARGET_P99_MS = 50;
const TARGET_HIT_RATE = 0.9;
const MISSPELT_SHARE = 0.35;
/** Share of the typo cases with two misspelt words instead of one. */
const TWO_TYPO_SHARE = 0.3;
const QUERY_MIX = [
  { kind: 'brand', weight: 20 },
  { kind: 'brand + model', weight: 35 },
  { kind: 'category', weight: 25 },
  { kind: 'partial', weight: 20 },
] as const;

type QueryKind = (typeof QUERY_MIX)[number]['kind'];
type BenchQuery = { text: string; kind: QueryKind; misspelt: boolean };
type CatalogueProduct = { id: number; name: string; brand: string | null; keywords: string[] };
type Catalogue = { branded: CatalogueProduct[]; categoryWords: string[] };
type TypoCase = { query: string; product: CatalogueProduct; typos: number };

/** Lower-case words of letters and digits (apostrophes kept: "women's"), the way a shopper types a name. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replaceAll('’', "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((word, i) => word === b[i]);
/** Typos go into real words a shopper spells out, not into short words or model numbers. */
const misspellable = (word: string) => /^\p{L}{4,}$/u.test(word);

async function readCatalogue(db: Database): Promise<Catalogue> {
  const products = rowsOf<CatalogueProduct>(
    await db.execute(sql`
      SELECT p.id, p.name, p.keywords,
        (SELECT a->>'value' FROM jsonb_array_elements(p.attributes) AS a WHERE a->>'name' = 'Brand' LIMIT 1) AS brand
      FROM products p
      WHERE p.status = 1 AND p.deleted_at IS NULL
      ORDER BY p.id`),
  ).map((product) => ({ ...product, brand: product.brand === UNBRANDED ? null : product.brand }));
  const categories = rowsOf<{ category: string }>(await db.execute(sql`SELECT category FROM categories ORDER BY id`));
  return {
    branded: products.filter((product) => product.brand !== null),
    categoryWords: categoryWords(
      products,
      categories.map((row) => row.category),
    ),
  };
}

/**
 * What shoppers type for a kind of goods: category names ("smartphones", "home theatre") and the
 * generic keywords of products. A generic keyword ("sugar", "rice cooker") is one found inside a longer
 * keyword of the same product (its model, "brown sugar 1kg"); brands and models never are.
 */
function categoryWords(products: CatalogueProduct[], categoryNames: string[]): string[] {
  const brands = new Set(products.flatMap((product) => (product.brand ? [product.brand.toLowerCase()] : [])));
  const words = new Set(categoryNames.flatMap((name) => name.toLowerCase().split(/\s*[&,]\s*/)).filter(Boolean));
  for (const { keywords } of products) {
    for (const keyword of keywords) {
      if (brands.has(keyword)) continue;
      if (keywords.some((other) => other !== keyword && ` ${other} `.includes(` ${keyword} `))) words.add(keyword);
    }
  }
  return [...words].sort();
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Keys next to a letter on a QWERTY keyboard, where a slipping finger lands. */
function neighbourKeys(letter: string): string[] {
  const row = KEYBOARD_ROWS.findIndex((keys) => keys.includes(letter));
  if (row < 0) return [];
  const column = KEYBOARD_ROWS[row]!.indexOf(letter);
  const at = (r: number, c: number) => KEYBOARD_ROWS[r]?.[c] ?? '';
  return [at(row, column - 1), at(row, column + 1), at(row - 1, column), at(row - 1, column + 1), at(row + 1, column - 1), at(row + 1, column)].filter(Boolean);
}

/** One typo — a dropped, swapped, doubled or mistyped letter — never in the first letter, which shoppers rarely get wrong. */
function misspell(rng: Random, word: string): string {
  for (;;) {
    const i = rng.int(1, word.length - 1);
    const letter = word[i]!;
    const typo = rng.pick(['drop', 'swap', 'double', 'replace'] as const);
    let result: string;
    if (typo === 'drop') result = word.slice(0, i) + word.slice(i + 1);
    else if (typo === 'double') result = word.slice(0, i) + letter + word.slice(i);
    else if (typo === 'swap') result = i < word.length - 1 ? word.slice(0, i) + word[i + 1] + letter + word.slice(i + 2) : word;
    else {
      const neighbours = neighbourKeys(letter);
      result = word.slice(0, i) + rng.pick(neighbours.length > 0 ? neighbours : [...'aeiou']) + word.slice(i + 1);
    }
    if (result !== word) return result;
  }
}

/** The words with `typos` of them misspelt, or null when fewer words than that can take a typo. */
function misspellWords(rng: Random, words: string[], typos: number): string[] | null {
  const candidates = [...words.keys()].filter((i) => misspellable(words[i]!));
  if (candidates.length < typos) return null;
  const chosen = new Set(rng.sample(candidates, typos));
  return words.map((word, i) => (chosen.has(i) ? misspell(rng, word) : word));
}

/** The product's name as brand words then model words, when it starts with its brand. */
function brandAndModel(product: CatalogueProduct): { brand: string[]; model: string[] } | null {
  const brand = wordsOf(product.brand ?? '');
  const name = wordsOf(product.name);
  if (brand.length === 0 || !sameWords(name.slice(0, brand.length), brand) || name.length === brand.length) return null;
  return { brand, model: name.slice(brand.length) };
}

function unmisspeltQuery(rng: Random, catalogue: Catalogue, kind: QueryKind): string[] | null {
  switch (kind) {
    case 'brand':
      return wordsOf(rng.pick(catalogue.branded).brand!);
    case 'brand + model': {
      const parts = brandAndModel(rng.pick(catalogue.branded));
      return parts && [...parts.brand, ...parts.model.slice(0, rng.int(1, 2))];
    }
    case 'category':
      return wordsOf(rng.pick(catalogue.categoryWords));
    case 'partial': {
      const source = rng.chance(0.5) ? rng.pick(catalogue.branded).brand! : rng.pick(catalogue.categoryWords);
      const long = wordsOf(source).filter((word) => /^\p{L}{5,}$/u.test(word));
      if (long.length === 0) return null;
      const word = rng.pick(long);
      return [word.slice(0, rng.int(3, Math.min(6, word.length - 1)))];
    }
  }
}

function buildQueries(catalogue: Catalogue): BenchQuery[] {
  const rng = new Random(hashString('bench-search:queries'));
  const weights = QUERY_MIX.map((entry) => entry.weight);
  const partialShare = QUERY_MIX.find((entry) => entry.kind === 'partial')!.weight / weights.reduce((sum, weight) => sum + weight, 0);
  // Half-typed words are never misspelt, so the others carry the whole misspelt share.
  const misspellChance = MISSPELT_SHARE / (1 - partialShare);
  const queries = new Map<string, BenchQuery>();
  for (let attempt = 0; queries.size < QUERY_COUNT; attempt++) {
    if (attempt > QUERY_COUNT * 100) throw new Error(`The catalogue is too small for ${QUERY_COUNT} distinct queries`);
    const { kind } = QUERY_MIX[rng.weightedIndex(weights)]!;
    const words = unmisspeltQuery(rng, catalogue, kind);
    const misspelt = kind !== 'partial' && rng.chance(misspellChance);
    const typed = words && (misspelt ? misspellWords(rng, words, 1) : words);
    if (typed && !queries.has(typed.join(' '))) queries.set(typed.join(' '), { text: typed.join(' '), kind, misspelt });
  }
  return [...queries.values()];
}

/**
 * Products named just brand + model ("Infinix Hot 40i", not "Infinix Hot 40i (4G LTE)"), so the
 * misspelt brand + model names them exactly; one per distinct name, misspelt once or twice.
 */
function buildTypoCases(catalogue: Catalogue): TypoCase[] {
  const rng = new Random(hashString('bench-search:typos'));
  const byName = new Map<string, CatalogueProduct>();
  for (const product of catalogue.branded) {
    const parts = brandAndModel(product);
    if (!parts || byName.has(product.name) || !wordsOf(product.name).some(misspellable)) continue;
    if (product.keywords.some((keyword) => sameWords(wordsOf(keyword), parts.model))) byName.set(product.name, product);
  }
  return rng.sample([...byName.values()], TYPO_CASE_COUNT).map((product) => {
    const words = wordsOf(product.name);
    const typos = words.filter(misspellable).length >= 2 && rng.chance(TWO_TYPO_SHARE) ? 2 : 1;
    return { query: misspellWords(rng, words, typos)!.join(' '), product, typos };
  });
}

const livePath = (query: string) => `/api/live-search?${new URLSearchParams({ q: query, limit: String(RESULT_LIMIT) })}`;

type Answer = { query: BenchQuery; ms: number; result: LiveSearchResult | null };

async function search(baseUrl: string, query: string): Promise<LiveSearchResult | null> {
  const response = await fetch(baseUrl + livePath(query));
  const body = (await response.json()) as { data?: LiveSearchResult };
  return response.ok && body.data ? body.data : null;
}

/** One request at a time, as one shopper typing; a failed request counts with its time. */
async function timeQueries(baseUrl: string, queries: BenchQuery[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const query of queries) {
    const started = performance.now();
    const result = await search(baseUrl, query.text).catch(() => null);
    answers.push({ query, ms: performance.now() - started, result });
  }
  return answers;
}

type Figure = LoadFigure & { mode: string; load: number };

const loadAverage = () => os.loadavg()[0]!;

function sequentialFigure(mode: string, answers: Answer[]): Figure {
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const total = ms.reduce((sum, value) => sum + value, 0);
  return {
    mode,
    rps: (answers.length / total) * 1000,
    mean: total / ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms[ms.length - 1]!,
    errors: answers.filter((answer) => answer.result === null).length,
    load: loadAverage(),
  };
}

async function loadFigure(baseUrl: string, queries: BenchQuery[]): Promise<Figure> {
  const figure = await loadTest(
    baseUrl,
    queries.map((query) => livePath(query.text)),
    { connections, seconds },
  );
  return { mode: `cache off, load client ${connections} connections, ${seconds} s`, ...figure, load: loadAverage() };
}

type TypoResult = TypoCase & { hit: boolean; topNames: string[] };

function checkTypos(baseUrl: string, cases: TypoCase[]): Promise<TypoResult[]> {
  return Promise.all(
    cases.map(async (typoCase) => {
      const found = (await search(baseUrl, typoCase.query))?.products ?? [];
      const hit = found.some((product) => product.id === typoCase.product.id || product.name === typoCase.product.name);
      return { ...typoCase, hit, topNames: found.slice(0, 3).map((product) => product.name) };
    }),
  );
}

const fixed = (value: number) => value.toFixed(1);

function printQueries(queries: BenchQuery[]) {
  const counts = QUERY_MIX.map(({ kind }) => `${queries.filter((query) => query.kind === kind).length} ${kind}`);
  const misspelt = queries.filter((query) => query.misspelt).length;
  console.log(`\n${queries.length} queries: ${counts.join(', ')}; ${misspelt} misspelt (${Math.round((misspelt / queries.length) * 100)}%)`);
  console.log(
    `  e.g. ${queries
      .slice(0, 12)
      .map((query) => `"${query.text}"`)
      .join(', ')}`,
  );
}

function printLatency(figures: Figure[]) {
  console.log(`\n${driverName()}, ${productCount.toLocaleString('en-US')} products — GET /api/live-search?q=…&limit=${RESULT_LIMIT}, ${QUERY_COUNT} queries`);
  const columns = ['req/s', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', 'errors', `p99 < ${TARGET_P99_MS} ms`, 'load avg'];
  console.log(`${'mode'.padEnd(48)}${columns.map((column) => column.padStart(12)).join('')}`);
  for (const f of figures) {
    const cells = [
      fixed(f.rps),
      fixed(f.mean),
      fixed(f.p50),
      fixed(f.p99),
      fixed(f.max),
      String(f.errors),
      f.p99 < TARGET_P99_MS ? 'yes' : 'NO',
      f.load.toFixed(2),
    ];
    console.log(`${f.mode.padEnd(48)}${cells.map((cell) => cell.padStart(12)).join('')}`);
  }
  const missed = figures.filter((f) => f.p99 >= TARGET_P99_MS);
  console.log(
    missed.length === 0
      ? `Target p99 under ${TARGET_P99_MS} ms: met in every mode`
      : `Target p99 under ${TARGET_P99_MS} ms: missed by ${missed.map((f) => `${f.mode} (${fixed(f.p99)} ms)`).join('; ')}`,
  );
}

function printAnswers(answers: Answer[]) {
  const slowest = [...answers].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`Slowest with the cache off: ${slowest.map((answer) => `"${answer.query.text}" ${fixed(answer.ms)} ms`).join(', ')}`);
  const empty = answers.filter((answer) => answer.result?.total === 0);
  console.log(`Queries that found no product: ${empty.length}${empty.length ? ` — ${empty.map((answer) => `"${answer.query.text}"`).join(', ')}` : ''}`);
}

function printTypoAccuracy(results: TypoResult[]) {
  const hits = results.filter((result) => result.hit).length;
  const twoTypos = results.filter((result) => result.typos === 2).length;
  const rate = hits / results.length;
  console.log(
    `\nTypo accuracy: ${hits} of ${results.length} misspelt brand + model queries (${twoTypos} with two typos) show the product in the top ${RESULT_LIMIT}: ` +
      `${Math.round(rate * 100)}% (target ≥ ${TARGET_HIT_RATE * 100}%: ${rate >= TARGET_HIT_RATE ? 'met' : 'MISSED'})`,
  );
  for (const miss of results.filter((result) => !result.hit)) {
    console.log(`  miss: "${miss.query}" for ${miss.product.name} → ${miss.topNames.length ? miss.topNames.join(' | ') : 'nothing'}`);
  }
}

/** The catalogue already in DATABASE_URL, when it has `productCount` products. */
async function reusedCatalogue(): Promise<Catalogue> {
  const handle = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
    if (row?.n !== productCount) throw new Error(`BENCH_SEARCH_REUSE: DATABASE_URL has ${row?.n ?? 0} products, not ${productCount}`);
    return await readCatalogue(handle.db);
  } finally {
    await handle.close();
  }
}

ensureStoreBuilt();
const reuse = process.env.BENCH_SEARCH_REUSE === '1' && Boolean(process.env.DATABASE_URL);
const catalogue = reuse ? await reusedCatalogue() : await prepareCatalogue(productCount, readCatalogue);
console.log(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; search index ${process.env.SEARCH_INDEX === 'off' ? 'off' : 'on'}`,
);
const queries = buildQueries(catalogue);
const typoCases = buildTypoCases(catalogue);
printQueries(queries);

const { cold, warm } = await withBenchStore('on', async (baseUrl) => ({
  cold: await timeQueries(baseUrl, queries),
  warm: await timeQueries(baseUrl, queries),
}));
const { uncachedFirst, uncached, load, typoResults, residentMb } = await withBenchStore('off', async (baseUrl, store) => ({
  uncachedFirst: await timeQueries(baseUrl, queries),
  uncached: await timeQueries(baseUrl, queries),
  load: await loadFigure(baseUrl, queries),
  typoResults: await checkTypos(baseUrl, typoCases),
  residentMb: residentMemoryMb(store.pid),
}));

printLatency([
  sequentialFigure('cache on, cold (1st pass), sequential', cold),
  sequentialFigure('cache on, warm (2nd pass), sequential', warm),
  sequentialFigure('cache off, 1st pass, sequential', uncachedFirst),
  sequentialFigure('cache off, 2nd pass, sequential', uncached),
  load,
]);
printAnswers(uncached);
console.log(`The store with the cache off held ${residentMb.toFixed(0)} MB resident at the end`);
printTypoAccuracy(typoResults);
