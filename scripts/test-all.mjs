// `npm test`: builds the store once, checks the types, then runs every suite — unit, API on PGlite, API on PostgreSQL
// (when TEST_DATABASE_URL names one), end-to-end in Chromium — and ends with one line
// "N passed, M failed" totalled over all of them. A suite that crashes before reporting counts as failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('test-results/summary');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const bin = (name) => path.resolve('node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

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

function record(label, counts, exitCode) {
  // A non-zero exit with nothing failed means the runner itself broke: count that as a failure.
  const failed = counts ? counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0) : 1;
  const passed = counts?.passed ?? 0;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += counts?.skipped ?? 0;
  lines.push(`${label}: ${passed} passed, ${failed} failed${counts ? '' : ' (no report: the suite did not run)'}`);
}

function vitest(label, project, env = {}) {
  const output = path.join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  const code = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`], env);
  const report = readJson(output);
  record(label, report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }, code);
}

function playwright() {
  const output = path.join(resultsDir, 'e2e.json');
  const code = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: output });
  const report = readJson(output);
  record('e2e (Chromium)', report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped }, code);
}

const buildCode = run(bin('astro'), ['build'], { ASTRO_TELEMETRY_DISABLED: '1' });
if (buildCode !== 0) {
  record('build', null, buildCode);
} else {
  // After the build, which generates the types of Astro's virtual modules (.astro/). Type errors
  // anywhere, tests included, count as one failed check.
  const typesCode = run(bin('tsc'), ['--noEmit', '-p', '.']);
  record('types (tsc)', { passed: typesCode === 0 ? 1 : 0, failed: typesCode === 0 ? 0 : 1 }, typesCode);

  vitest('unit', 'unit');
  vitest('processes (stores and seed on one PGlite folder)', 'processes');
  vitest('api on PGlite', 'api', { API_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) vitest('api on PostgreSQL', 'api', { API_DATABASE_URL: process.env.TEST_DATABASE_URL });
  else lines.push('api on PostgreSQL: not run (set TEST_DATABASE_URL to a scratch database; .ci/run does)');
  if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) playwright();
  else record('e2e (Chromium)', null, 1);
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
const total = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(resultsDir, 'total.txt'), `${total}\n`);
console.log(total);
process.exit(totals.failed > 0 ? 1 : 0);
