import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataFolderLock, DataFolderInUseError, LOCK_FILE_NAME, type LockHolder } from '~/server/db/data-folder-lock';

const folders: string[] = [];
const children: ChildProcess[] = [];
const holderPids: number[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of holderPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratchFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  folders.push(folder);
  return folder;
}

const lockFileOf = (folder: string) => path.join(folder, LOCK_FILE_NAME);
const holderIn = (folder: string) => JSON.parse(readFileSync(lockFileOf(folder), 'utf8')) as LockHolder;

function writeLock(folder: string, holder: Partial<LockHolder>) {
  const lock: LockHolder = {
    pid: 1,
    processStart: null,
    host: os.hostname(),
    command: 'src/server/serve.ts',
    startedAt: new Date().toISOString(),
    token: 'an-earlier-process',
    ...holder,
  };
  writeFileSync(lockFileOf(folder), JSON.stringify(lock));
}

/**
 * Another real process that takes the folder's lock and keeps it; gives its pid (tsx runs the script
 * in a child of its own, so that is not the pid of the process spawned here).
 */
async function holdInAnotherProcess(folder: string): Promise<number> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['tests/support/hold-data-folder.ts', folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /holding (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  holderPids.push(pid);
  return pid;
}

function collectLog() {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
}

describe('the data folder lock', () => {
  it('names this process in the folder while held, and is gone once released', () => {
    const folder = scratchFolder();
    const lock = acquireDataFolderLock(folder);
    const holder = holderIn(folder);
    expect(holder.pid).toBe(process.pid);
    expect(holder.host).toBe(os.hostname());
    expect(Date.now() - Date.parse(holder.startedAt)).toBeLessThan(process.uptime() * 1000 + 5_000);
    lock.release();
    expect(existsSync(lockFileOf(folder))).toBe(false);
  });

  it('lets the same process open a folder twice and keeps it until both let go', () => {
    const folder = scratchFolder();
    const first = acquireDataFolderLock(folder);
    const second = acquireDataFolderLock(folder);
    first.release();
    first.release();
    expect(holderIn(folder).pid).toBe(process.pid);
    second.release();
    expect(existsSync(lockFileOf(folder))).toBe(false);
  });

  it('refuses a folder another running process holds, naming that process', async () => {
    const folder = scratchFolder();
    const pid = await holdInAnotherProcess(folder);
    expect(holderIn(folder).pid).toBe(pid);

    let refusal: unknown;
    try {
      acquireDataFolderLock(folder);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    const message = (refusal as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^The data folder ${folder} is in use by another store process \\(pid ${pid}: tests/support/hold-data-folder.ts ${folder}, started \\d\\d:\\d\\d\\)\\. ` +
          'Stop it first, or use PostgreSQL \\(DATABASE_URL\\) to run several processes\\.$',
      ),
    );
    // The refusal leaves the holder's lock alone.
    expect(holderIn(folder).pid).toBe(pid);
  });

  it('takes over the lock of a holder killed with -9, and says so', async () => {
    const folder = scratchFolder();
    const pid = await holdInAnotherProcess(folder);
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '));

    const { lines, log } = collectLog();
    const lock = acquireDataFolderLock(folder, { log });
    expect(holderIn(folder).pid).toBe(process.pid);
    expect(lines).toEqual([
      `Data folder ${folder}: taking over the lock of pid ${pid} (tests/support/hold-data-folder.ts ${folder}), which is no longer running.`,
    ]);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to an unrelated program', async () => {
    const folder = scratchFolder();
    const unrelated = spawn('sleep', ['60']);
    children.push(unrelated);
    // The lock was written by a process that had this pid before: it started at another moment.
    writeLock(folder, { pid: unrelated.pid!, processStart: '1', command: 'scripts/seed.ts' });

    const { lines, log } = collectLog();
    const lock = acquireDataFolderLock(folder, { log });
    expect(holderIn(folder).pid).toBe(process.pid);
    expect(lines).toEqual([`Data folder ${folder}: taking over the lock of pid ${unrelated.pid} (scripts/seed.ts), whose pid now belongs to another program.`]);
    lock.release();
  });

  it('takes over a lock left by an earlier process with this very pid', () => {
    const folder = scratchFolder();
    writeLock(folder, { pid: process.pid });
    const { lines, log } = collectLog();
    acquireDataFolderLock(folder, { log }).release();
    expect(lines[0]).toContain(`pid ${process.pid} (src/server/serve.ts), an earlier process that had this process's pid`);
  });

  it('takes over a lock of a pid that is not running, and an unreadable lock file', () => {
    const folder = scratchFolder();
    const gone = spawnSync('true');
    writeLock(folder, { pid: gone.pid });
    const { lines, log } = collectLog();
    acquireDataFolderLock(folder, { log }).release();

    writeFileSync(lockFileOf(folder), 'not json');
    acquireDataFolderLock(folder, { log }).release();
    expect(lines).toEqual([
      `Data folder ${folder}: taking over the lock of pid ${gone.pid} (src/server/serve.ts), which is no longer running.`,
      `Data folder ${folder}: taking over the lock of an unreadable lock file.`,
    ]);
  });

  it('refuses a lock held from another machine, which it cannot check, and says which file to delete', () => {
    const folder = scratchFolder();
    writeLock(folder, { pid: 4242, host: 'shop-server-2' });
    expect(() => acquireDataFolderLock(folder)).toThrow(`in use by another store process (pid 4242 on shop-server-2: src/server/serve.ts, started `);
    expect(() => acquireDataFolderLock(folder)).toThrow(`if it is gone, delete ${lockFileOf(folder)}`);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
