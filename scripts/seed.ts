/**
 * Fills the database with the demo catalogue.
 *
 *   npx tsx scripts/seed.ts [--seed N] [--products N] [--reset]
 *
 * Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default data/pglite) like the server does.
 * A database that already holds data is left alone unless --reset is given, which empties every table.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { databaseOptionsFromEnv, openDatabase } from '../src/server/db/client';
import { DataFolderInUseError } from '../src/server/db/data-folder-lock';
import { resetDatabase } from '../src/server/db/reset';
import { isDatabaseEmpty, seedDatabase, type SeedOptions } from '../src/server/demo-data/index';

const USAGE = 'Usage: npx tsx scripts/seed.ts [--seed N] [--products N] [--reset]';
const PLAIN_PROGRESS_INTERVAL_MS = 2_000;

class UsageError extends Error {}

type CliOptions = { seed: number; products: number; reset: boolean };

function parseWholeNumber(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${flag} needs a whole number, got "${text}"`);
  return Number(text);
}

function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { seed: { type: 'string' }, products: { type: 'string' }, reset: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { seed, products, reset } = parsed.values;
  return { seed: parseWholeNumber('seed', seed, 1), products: parseWholeNumber('products', products, 600), reset: reset ?? false };
}

/** A progress bar per stage on a terminal; a line per stage and every few seconds otherwise (CI, logs). */
function progressReporter(): { onProgress: NonNullable<SeedOptions['onProgress']>; stop(): void } {
  let currentStage = '';
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{stage} |{bar}| {value}/{total} | ETA {eta_formatted}', etaBuffer: 20, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      onProgress(done, total, stage) {
        if (stage !== currentStage) {
          if (started) bar.stop();
          bar.start(total, done, { stage: stage.padEnd(10) });
          started = true;
          currentStage = stage;
        } else {
          bar.update(done);
        }
      },
      stop: () => started && bar.stop(),
    };
  }

  let lastLine = 0;
  return {
    onProgress(done, total, stage) {
      const now = Date.now();
      if (stage === currentStage && done < total && now - lastLine < PLAIN_PROGRESS_INTERVAL_MS) return;
      currentStage = stage;
      lastLine = now;
      console.log(`${stage}: ${done}/${total}`);
    },
    stop: () => {},
  };
}

async function main(): Promise<number> {
  let cli: CliOptions;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }

  const started = Date.now();
  const databaseOptions = databaseOptionsFromEnv();
  const target = databaseOptions.url ? `PostgreSQL (${new URL(databaseOptions.url).host})` : `PGlite (${databaseOptions.dataDir})`;
  console.log(`Opening ${target}...`);
  const handle = await openDatabase(databaseOptions);
  try {
    if (cli.reset) {
      console.log('Erasing all data (--reset)...');
      await resetDatabase(handle.db);
    } else if (!(await isDatabaseEmpty(handle.db))) {
      console.error('The database already holds a catalogue. Run again with --reset to erase all data and seed afresh.');
      return 1;
    }

    console.log(`Seeding ${cli.products} products with seed ${cli.seed}...`);
    const progress = progressReporter();
    const counts = await seedDatabase(handle.db, { seed: cli.seed, products: cli.products, onProgress: progress.onProgress }).finally(() => progress.stop());

    console.log('\nSeeded:');
    for (const [kind, count] of Object.entries(counts)) console.log(`  ${kind.padEnd(18)} ${count.toLocaleString('en-US')}`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataFolderInUseError) console.error(error.message);
    else console.error('Seeding failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
