import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_SCRIPT, startStore, type RunningStore } from '../support/server';
import { LOCK_FILE_NAME } from '~/server/db/data-folder-lock';

// Real store processes on one PGlite data folder (needs `npm run build`). No demo catalogue: the
// folder only has to exist and be migrated.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
const env = { DATA_DIR: dataDir, SEED_ON_START: '0' };
const lockFile = path.join(dataDir, LOCK_FILE_NAME);
const holderPid = () => (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
const inUse = (pid: number, command: string) => `The data folder ${dataDir} is in use by another store process (pid ${pid}: ${command}, started `;

let first: RunningStore;

beforeAll(async () => {
  first = await startStore({ env });
});

afterAll(async () => {
  await first?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one process per PGlite data folder', () => {
  it('a second store on the same folder exits 1 naming the running one', async () => {
    const pid = holderPid();
    const refused = await startStore({ env }).then(
      async (second) => {
        await second.stop();
        return null;
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain('The store exited with code 1');
    expect(refused).toContain(inUse(pid, SERVER_SCRIPT));
    expect(refused).toContain('Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.');
    // The first store is untouched.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    expect(holderPid()).toBe(pid);
  });

  it('the seed command refuses too', () => {
    const seed = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/seed.ts', '--reset'], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      encoding: 'utf8',
    });
    expect(seed.status).toBe(1);
    expect(seed.stderr).toContain(inUse(holderPid(), SERVER_SCRIPT));
    expect(seed.stdout).not.toContain('Erasing');
  });

  it('after kill -9 of the store, the next start takes the folder over and frees it on a clean stop', async () => {
    const pid = holderPid();
    process.kill(pid, 'SIGKILL');
    await first.stop();
    expect(existsSync(lockFile)).toBe(true);

    const next = await startStore({ env });
    try {
      expect(next.output()).toContain(`Data folder ${dataDir}: taking over the lock of pid ${pid} (${SERVER_SCRIPT}), which is no longer running.`);
      expect(holderPid()).not.toBe(pid);
      expect((await fetch(`${next.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await next.stop();
    }
    expect(next.output()).toContain('SIGTERM received');
    expect(existsSync(lockFile)).toBe(false);
  });
});
