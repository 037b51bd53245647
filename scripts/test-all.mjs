// `npm test`: brings what the suites need, builds the store once, checks the types and the code's boundaries and
// format (eslint.config.js, .prettierrc.json), then runs every suite —
// unit beside the process tests, then the API on PGlite and on PostgreSQL side by side, then end-to-end in Chromium — and ends with one line
// "N passed, M failed" totalled over all of them. A suite that crashes before reporting, or cannot run
// because its browser or database is missing, counts as failed.
//
// What it brings: Debian's Chromium, and Debian's Varnish with varnish-modules (the edge tests), from apt when
// they are missing and this runs as root (otherwise it says what to install), and a throwaway PostgreSQL for
// the PostgreSQL run when TEST_DATABASE_URL does not name one.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from '../tests/support/chromium-setup.ts';
import { ensureVarnish } from '../tests/support/varnish.ts';
import { postgresVersion, startThrowawayPostgres } from '../tests/support/throwaway-postgres.ts';

const resultsDir = path.resolve('test-results/summary');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const bin = (name) => path.resolve('node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const problems = [];

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds a suite's counts; `whyNotRun` says why a suite that could not start did not. */
function record(label, counts, exitCode, whyNotRun) {
  // A non-zero exit with nothing failed means the runner itself broke: count that as a failure.
  const failed = counts ? counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0) : 1;
  const passed = counts?.passed ?? 0;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += counts?.skipped ?? 0;
  const note = counts ? '' : ` (${whyNotRun ?? 'no report: the suite did not run'})`;
  lines.push(`${label}: ${passed} passed, ${failed} failed${note}`);
  if (whyNotRun) problems.push(whyNotRun);
}

function vitestArgs(output, project) {
  return ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
}

function recordVitest(label, output, code) {
  const report = readJson(output);
  record(label, report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }, code);
}

/**
 * Runs a command beside others, its output kept in a log and printed when it ends. Resolves to its exit code.
 */
function beside(command, args, env, log) {
  console.log(`\n$ ${[command, ...args].join(' ')}   (beside other checks; output in ${log})`);
  const child = spawn(command, args, { stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n--- ${[command, ...args].join(' ')} ---\n${readFileSync(log, 'utf8')}`);
      resolve(code ?? 1);
    });
  });
}

/** A vitest suite run beside others: resolves to the label, output file and exit code, recorded by the caller in a fixed order. */
async function vitestBeside(label, project, env = {}) {
  const slug = label.replace(/\W+/g, '-');
  const output = path.join(resultsDir, `${slug}.json`);
  const code = await beside(bin('vitest'), vitestArgs(output, project), env, path.join(resultsDir, `${slug}.log`));
  return { label, output, code };
}

/** Runs each lane of checks one after another, the lanes side by side; records each check as one test. */
async function staticChecks(lanes) {
  const runLane = async (lane) => {
    const codes = [];
    for (const [label, command, args] of lane) codes.push(await beside(bin(command), args, {}, path.join(resultsDir, `${label.replace(/\W+/g, '-')}.log`)));
    return codes;
  };
  const codes = (await Promise.all(lanes.map(runLane))).flat();
  lanes.flat().forEach(([label], index) => record(label, { passed: codes[index] === 0 ? 1 : 0, failed: codes[index] === 0 ? 0 : 1 }, codes[index]));
}

function playwright(label) {
  const output = path.join(resultsDir, 'e2e.json');
  const code = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: output });
  const report = readJson(output);
  record(label, report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped }, code);
}

/**
 * The API suite on PostgreSQL: the database TEST_DATABASE_URL names, or a throwaway one started here. It runs
 * beside the PGlite run, with a pictures folder of its own so the two never touch each other's files.
 */
async function apiOnPostgres() {
  const storage = { STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'store-api-pg-storage-')) };
  const given = process.env.TEST_DATABASE_URL;
  try {
    if (given) {
      let version;
      try {
        version = await postgresVersion(given);
      } catch (error) {
        record('api on PostgreSQL (TEST_DATABASE_URL)', null, 1, `TEST_DATABASE_URL cannot be reached: ${error.message}`);
        return null;
      }
      return await vitestBeside(`api on ${version} (TEST_DATABASE_URL, ${new URL(given).host})`, 'api', { API_DATABASE_URL: given, ...storage });
    }
    let postgres;
    try {
      postgres = await startThrowawayPostgres();
    } catch (error) {
      record('api on PostgreSQL', null, 1, error.message);
      return null;
    }
    try {
      return await vitestBeside(`api on ${postgres.version} (throwaway, ${postgres.source}, port ${postgres.port})`, 'api', {
        API_DATABASE_URL: postgres.url,
        ...storage,
      });
    } finally {
      await postgres.stop();
    }
  } finally {
    rmSync(storage.STORAGE_DIR, { recursive: true, force: true });
  }
}

/**
 * The unit tests beside the process tests (a few stores of their own, mostly waiting on them), then the API
 * suite on both databases side by side. The API suites' stores each seed a catalogue at start: started beside
 * the process tests' stores as well, three seeds on two cores left a store short of its start-up time.
 */
async function suites() {
  const [unit, processes] = await Promise.all([
    vitestBeside('unit', 'unit'),
    vitestBeside('processes (stores and seed on one PGlite folder, throwaway PostgreSQL)', 'processes'),
  ]);
  const apis = await Promise.all([vitestBeside('api on PGlite', 'api', { API_DATABASE_URL: '' }), apiOnPostgres()]);
  for (const done of [unit, processes, ...apis]) if (done) recordVitest(done.label, done.output, done.code);
}

console.log('Checking for Chromium (end-to-end tests)...');
const chromium = ensureChromium();
console.log(chromium.ready ? `${chromium.version} at ${chromium.path}` : chromium.message);
console.log('Checking for Varnish (edge tests)...');
const varnish = ensureVarnish();
console.log(varnish.ready ? `${varnish.version} at ${varnish.path}` : varnish.message);
// Without Varnish only the edge suite fails, with the same message (tests/processes/edge.test.ts asks again).

// The store as `npm start` runs it: Astro's build, then the compiled start script the tests start (scripts/build-server.mjs).
const buildCode = run('npm', ['run', 'build']);
if (buildCode !== 0) {
  record('build', null, buildCode);
} else {
  // After the build, which generates the types of Astro's virtual modules (.astro/): type errors anywhere, tests
  // included; layers that point one way, no import cycles, no source file over 600 lines; lint rules; formatting.
  // Each check is one process on one core, so the type check runs beside the other three.
  await staticChecks([
    [['types (tsc)', 'tsc', ['--noEmit', '-p', '.']]],
    [
      ['boundaries (dependency-cruiser)', 'depcruise', ['src', '--config', '.dependency-cruiser.cjs']],
      ['lint (eslint)', 'eslint', ['.']],
      ['format (prettier)', 'prettier', ['--check', '.']],
    ],
  ]);

  await suites();
  if (chromium.ready) playwright(`e2e in ${chromium.version} (${chromium.path}, store on PGlite)`);
  else record('e2e', null, 1, chromium.message);
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
for (const problem of problems) console.log(`\n${problem}`);
const total = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(resultsDir, 'total.txt'), `${total}\n`);
console.log(total);
process.exit(totals.failed > 0 ? 1 : 0);
