/**
 * Starts the real store as a child process for API and end-to-end tests, with `npm start`'s own command (the
 * start script compiled by `npm run build` from src/server/serve.ts, under node with the flags package.json
 * gives it), on a free port, against PGlite in a scratch folder or a PostgreSQL given by URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export type RunningStore = {
  baseUrl: string;
  port: number;
  /** The store's own process id (to read its memory from /proc/<pid>/status). */
  pid: number;
  /** Where the store writes the mail it sends (no SMTP in tests), and its texts when it has no Africa's Talking keys. */
  outboxDir: string;
  output: () => string;
  /** Sends SIGTERM, waits for the exit and gives its code. */
  stop: () => Promise<number | null>;
};

/**
 * `npm start`'s command from package.json, so what the tests start is what runs: its environment settings
 * (NAME=value before node), node's flags, the start script.
 */
function startCommand(): { node: string; args: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  const [program, ...args] = words;
  if (program !== 'node') throw new Error(`npm start should run node, not "${scripts.start}"`);
  return { node: path.resolve('node_modules/.bin/node'), args, env };
}

const START = startCommand();
/** The compiled start script, as the data folder lock names the process that holds it. */
export const SERVER_SCRIPT = START.args.at(-1)!;

/** Starts the store's process as `npm start` would, as a child of the test. */
export function spawnStore(env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}): ChildProcess {
  return spawn(START.node, START.args, { env: { ...START.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached });
}

export type StoreOptions = { databaseUrl?: string; env?: Record<string, string>; port?: number; timeoutMs?: number };

export async function startStore(options: StoreOptions = {}): Promise<RunningStore> {
  const port = options.port ?? (await freePort());
  // A scratch PGlite folder, removed on stop, unless the caller names a database or a data folder.
  const dataDir = options.databaseUrl || options.env?.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_PRODUCTS: '600',
    OUTBOX_DIR: outboxDir,
    // Tests act as many shoppers from one machine: each names its address in X-Forwarded-For.
    TRUST_PROXY: '1',
    // The developer pages (/toast-demo, /integration-status, ...) are part of what the tests look at.
    DEV_PAGES: '1',
    // The address the tests (and the browser) use: the vendor pages accept forms only from it, and
    // payment gateways send buyers back to it.
    SITE_URL: `http://127.0.0.1:${port}`,
    // No payout run starts by itself on a Tuesday or Friday: a test that wants the schedule names the days.
    PAYOUT_DAYS: '',
    // Tests deliver many cash-on-delivery orders of the demo vendors, whose commission they then owe: cash on delivery
    // stays on for them. A test of the credit limit names its own (cash-ledger.test.ts).
    COD_CREDIT_LIMIT: '1000000000',
    // Tests send bursts of logins and sign-ups from one machine (30 guesses at once, ten buyers made at once), which
    // wait for their password checks here rather than being refused as busy. The queue's own test names its limits.
    PASSWORD_CHECK_QUEUE: '100',
    ...options.env,
  };
  delete env.SMTP_URL;
  // A developer's own Africa's Talking keys must never text real people from a test store.
  for (const name of ['AT_USERNAME', 'AT_API_KEY', 'AT_SENDER_ID', 'AT_BASE_URL']) if (!options.env?.[name]) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  if (dataDir) env.DATA_DIR = dataDir;

  const child = spawnStore(env);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, baseUrl, () => output, options.timeoutMs ?? 180_000);

  return {
    baseUrl,
    port,
    pid: child.pid!,
    outboxDir,
    output: () => output,
    stop: async () => {
      const code = await stopChild(child);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(outboxDir, { recursive: true, force: true });
      return code;
    },
  };
}

async function waitUntilReady(child: ChildProcess, baseUrl: string, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The store did not become ready within ${timeoutMs} ms:\n${output()}`);
}

export function stopChild(child: ChildProcess): Promise<number | null> {
  // A store killed by a signal (a test's kill -9) has no exit code, only the signal.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the store with `env` over a test store's settings (a scratch in-memory PGlite, an empty catalogue) and
 * gives its exit code and output: for start-up checks that must refuse. A store that starts instead is stopped
 * once it says it is ready (code null).
 */
export function startRefused(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<{ code: number | null; output: string }> {
  const child = spawnStore({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    SEED_ON_START: '0',
    DATABASE_URL: undefined,
    SITE_URL: undefined,
    ...env,
  });
  let output = '';
  let started = false;
  const onOutput = (chunk: Buffer) => {
    output += chunk;
    if (!started && output.includes('Store ready at')) {
      started = true;
      void stopChild(child);
    }
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const giveUp = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(giveUp);
      resolve({ code: started ? null : code, output });
    }),
  );
}
