/**
 * The performance budget check: mobile Lighthouse on the home,
 * a category and a product page, `runs` times each, one after another. Prints the median of each figure against
 * the budget and exits 1 if any budget fails. Without --url it starts the built store on a free port with a
 * scratch database and the demo catalogue, and stops it at the end.
 *
 *   npm run lighthouse [-- --url http://127.0.0.1:4321 --runs 5]
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStore, type RunningStore } from '../tests/support/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';

const KB = 1024;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs <= 0) {
  console.error('--runs must be a positive whole number');
  process.exit(2);
}

type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; totalBytes: number; scriptBytes: number; benchmarkIndex: number };
type Budget = { relation: '≥' | '<' | '≤'; limit: number };
type ReportRow = { label: string; figure: keyof Figures; show: (value: number) => string; budget?: Budget };
type Page = { label: string; path: string };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kilobytes = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Every figure printed, in order; those with a limit are checked. */
const REPORT: ReportRow[] = [
  { label: 'performance score', figure: 'score', show: (v) => v.toFixed(0), budget: { relation: '≥', limit: 95 } },
  { label: 'First Contentful Paint', figure: 'fcp', show: seconds },
  { label: 'Largest Contentful Paint', figure: 'lcp', show: seconds, budget: { relation: '<', limit: 2000 } },
  { label: 'Total Blocking Time', figure: 'tbt', show: (v) => `${v.toFixed(0)} ms` },
  { label: 'Cumulative Layout Shift', figure: 'cls', show: (v) => v.toFixed(3), budget: { relation: '<', limit: 0.05 } },
  { label: 'transferred', figure: 'totalBytes', show: kilobytes, budget: { relation: '≤', limit: 400 * KB } },
  { label: 'JavaScript transferred', figure: 'scriptBytes', show: kilobytes, budget: { relation: '≤', limit: 100 * KB } },
  // The simulation multiplies the CPU work it saw by 4: a machine busy with other work (a lower index) gives
  // slower paints for the same page, so the index says how far figures from different runs compare.
  { label: 'CPU benchmark index', figure: 'benchmarkIndex', show: (v) => v.toFixed(0) },
];

function meets(value: number, { relation, limit }: Budget): boolean {
  if (relation === '≥') return value >= limit;
  if (relation === '<') return value < limit;
  return value <= limit;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** The home page, the first parent category that has products, and the newest product. */
async function pagesToMeasure(baseUrl: string): Promise<Page[]> {
  const categories = await getJson<{ id: number; parent_id: number | null; product_count: number }[]>(`${baseUrl}/api/categories`);
  const category = categories.find((c) => c.parent_id === null && c.product_count > 0);
  const [product] = (await getJson<{ data: { id: number }[] }>(`${baseUrl}/api/products?limit=1`)).data;
  const pages: Page[] = [{ label: 'home', path: '/' }];
  if (category) pages.push({ label: 'category', path: `/category/${category.id}` });
  else console.log('No parent category has products: the category page is not measured.');
  if (product) pages.push({ label: 'product', path: `/product/${product.id}` });
  else console.log('There are no products: the product page is not measured.');
  return pages;
}

async function runLighthouse(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    // The default config is mobile: Moto G Power screen, slow 4G and 4x CPU slowdown, simulated.
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'], formFactor: 'mobile' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = lhr.audits['network-requests']?.details;
    const items = requests?.type === 'table' ? (requests.items as { resourceType?: string; transferSize?: number }[]) : [];
    return {
      score: (lhr.categories.performance?.score ?? 0) * 100,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      totalBytes: audit('total-byte-weight'),
      scriptBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/** Measures one page, or gives null when it is not there yet. */
async function measurePage(baseUrl: string, page: Page): Promise<Figures[] | null> {
  const url = `${baseUrl}${page.path}`;
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status === 404) {
    console.log(`${page.label} ${page.path}: answered 404 (page not built yet), skipped.`);
    return null;
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);

  // One unmeasured run loads the page as the measured ones will, so image variants are encoded and cached.
  console.log(`${page.label} ${page.path}: warming up`);
  await runLighthouse(url);
  const results: Figures[] = [];
  for (let run = 1; run <= runs; run++) {
    console.log(`${page.label} ${page.path}: run ${run}/${runs}`);
    results.push(await runLighthouse(url));
  }
  return results;
}

/** Prints the medians against the budget and says whether every budget passed. */
function report(page: Page, results: Figures[]): boolean {
  console.log(
    `\n${page.label} ${page.path} — median of ${results.length} run${results.length === 1 ? '' : 's'} (scores: ${results.map((r) => r.score.toFixed(0)).join(', ')})`,
  );
  let passed = true;
  for (const row of REPORT) {
    const value = median(results.map((result) => result[row.figure]));
    let verdict = '';
    if (row.budget) {
      const ok = meets(value, row.budget);
      passed &&= ok;
      verdict = `${`${row.budget.relation} ${row.show(row.budget.limit)}`.padEnd(12)} ${ok ? 'PASS' : 'FAIL'}`;
    }
    console.log(`  ${row.label.padEnd(26)} ${row.show(value).padStart(10)}   ${verdict}`);
  }
  return passed;
}

async function main(): Promise<number> {
  let store: RunningStore | null = null;
  try {
    let baseUrl = args.url?.replace(/\/+$/, '');
    if (!baseUrl) {
      if (!existsSync('dist/server/entry.mjs')) {
        console.log('Building the store first...');
        if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) return 1;
      }
      console.log('Starting the store with the demo catalogue...');
      store = await startStore();
      baseUrl = store.baseUrl;
    }
    const pages = await pagesToMeasure(baseUrl);
    const measured: [Page, Figures[]][] = [];
    for (const page of pages) {
      const results = await measurePage(baseUrl, page);
      if (results) measured.push([page, results]);
    }
    let allPassed = true;
    for (const [page, results] of measured) allPassed = report(page, results) && allPassed;
    const skipped = pages.length - measured.length;
    console.log(
      `\n${allPassed ? 'All budgets met' : 'Some budgets failed'} on ${measured.length} page${measured.length === 1 ? '' : 's'}${skipped ? ` (${skipped} skipped)` : ''}.`,
    );
    return allPassed ? 0 : 1;
  } finally {
    await store?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // fetch hides the reason (refused, reset ...) in `cause`.
    console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error);
    process.exit(1);
  },
);
