/**
 * One process per PGlite data folder.
 *
 * PGlite runs PostgreSQL inside this process, without the server's own `postmaster.pid` guard, so two
 * processes opening one folder both write to it: they hand out the same ids and one overwrites the
 * other's commits. A lock file in the folder names the process that holds it (pid, its start time as the
 * kernel counts it, command, wall-clock start). It appears atomically (written aside, then hard-linked
 * into place, which fails if a lock is already there), is removed on close and at exit, and a lock whose
 * process is gone — killed with -9, or its pid since reused by an unrelated program — is taken over.
 *
 * The server start script and the built Astro bundle each carry a copy of this module in one process,
 * so what this process holds is kept on globalThis, like the database handle in client.ts.
 */
import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log as storeLog } from '../log';

export const LOCK_FILE_NAME = 'store-process.lock';

/** What a lock file says about the process holding it. */
export type LockHolder = {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), null where there is no /proc. */
  processStart: string | null;
  host: string;
  command: string;
  startedAt: string;
  /** Random per process: tells this process's own lock from one left by an earlier process with the same pid. */
  token: string;
};

/** Another live process holds the data folder. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(describeRefusal(dataDir, holder, lockFile));
    this.name = 'DataFolderInUseError';
  }
}

export type DataFolderLock = {
  /** Gives the folder up (once this process's last opener of it releases); safe to call twice. */
  release(): void;
};

type Registry = { token: string; held: Map<string, number>; exitHookInstalled: boolean };
const REGISTRY_KEY = Symbol.for('marketplace.dataFolderLocks');
const MAX_ATTEMPTS = 5;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY_KEY]?: Registry };
  holder[REGISTRY_KEY] ??= { token: randomUUID(), held: new Map(), exitHookInstalled: false };
  return holder[REGISTRY_KEY];
}

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the process that has it.
 * Opening the same folder again in the same process shares the lock. `dataDir` must exist.
 */
export function acquireDataFolderLock(dataDir: string, { log = (line: string) => storeLog.info(line) }: { log?: (line: string) => void } = {}): DataFolderLock {
  const lockFile = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  const state = registry();
  const count = state.held.get(lockFile);
  if (count) {
    state.held.set(lockFile, count + 1);
    return onceReleasing(lockFile);
  }

  const mine = describeThisProcess(state.token);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(lockFile, mine)) {
      state.held.set(lockFile, 1);
      installExitHook(state);
      return onceReleasing(lockFile);
    }
    const text = readLockText(lockFile);
    if (text === null) continue; // removed meanwhile: try again
    const holder = parseHolder(text);
    const verdict = judgeHolder(holder, mine);
    if (verdict.kind === 'held') throw new DataFolderInUseError(dataDir, holder!, lockFile);
    if (moveAside(lockFile, text)) log(`Data folder ${dataDir}: taking over the lock of ${verdict.reason}.`);
  }
  throw new Error(`Could not take the lock ${lockFile}: it kept changing. Is another process starting on ${dataDir}?`);
}

type Verdict = { kind: 'held' } | { kind: 'stale'; reason: string };

/**
 * Whether a lock's holder still has the folder. A lock this process wrote is never found here (the
 * registry answers first), so one with our own pid is left over from an earlier process.
 */
function judgeHolder(holder: LockHolder | null, me: LockHolder): Verdict {
  if (!holder) return { kind: 'stale', reason: 'an unreadable lock file' };
  const who = `pid ${holder.pid} (${holder.command})`;
  // A process on another machine sharing the folder cannot be checked from here: assume it is alive.
  if (holder.host !== me.host) return { kind: 'held' };
  if (holder.pid === me.pid) return { kind: 'stale', reason: `${who}, an earlier process that had this process's pid` };
  if (!processProbe.isRunning(holder.pid)) return { kind: 'stale', reason: `${who}, which is no longer running` };
  const start = processProbe.startOf(holder.pid);
  if (holder.processStart && start && start !== holder.processStart) {
    return { kind: 'stale', reason: `${who}, whose pid now belongs to another program` };
  }
  return { kind: 'held' };
}

/** Whether a pid is running, and since when. */
const processProbe = {
  isRunning(pid: number): boolean {
    try {
      process.kill(pid, 0);
    } catch (error) {
      // EPERM: it exists but belongs to another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    // A zombie has exited and only waits for its parent to read its status.
    return readProcStat(pid)?.state !== 'Z';
  },
  startOf(pid: number): string | null {
    return readProcStat(pid)?.start ?? null;
  },
};

function readProcStat(pid: number): { state: string; start: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Fields from 3 on: state is field 3, starttime field 22 (proc(5)).
  const state = fields[0];
  const start = fields[19];
  return state && start ? { state, start } : null;
}

function describeThisProcess(token: string): LockHolder {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) || process.argv[1] : process.argv0;
  return {
    pid: process.pid,
    processStart: processProbe.startOf(process.pid),
    host: os.hostname(),
    command: [script, ...process.argv.slice(2)].join(' '),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    token,
  };
}

function tryCreate(lockFile: string, mine: LockHolder): boolean {
  // Written aside and linked into place, so a lock file is never seen half-written.
  const draft = `${lockFile}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, `${JSON.stringify(mine, null, 2)}\n`);
  try {
    linkSync(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readLockText(lockFile: string): string | null {
  try {
    return readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.token !== 'string') return null;
    return {
      pid: value.pid!,
      processStart: typeof value.processStart === 'string' ? value.processStart : null,
      host: String(value.host ?? ''),
      command: String(value.command ?? 'unknown command'),
      startedAt: String(value.startedAt ?? ''),
      token: value.token,
    };
  } catch {
    return null;
  }
}

/**
 * Removes a stale lock. Renaming is atomic, so of several processes taking over at once only one moves
 * it; if what was moved is no longer the stale lock we judged (another process took over in between),
 * it is put back. Returns whether the stale lock was removed by this call.
 */
function moveAside(lockFile: string, staleText: string): boolean {
  const aside = `${lockFile}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    try {
      linkSync(aside, lockFile);
    } catch {
      // Yet another lock appeared: it stands, and the next attempt judges it.
    }
  }
  unlinkSync(aside);
  return moved === staleText;
}

function onceReleasing(lockFile: string): DataFolderLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const state = registry();
      const count = state.held.get(lockFile) ?? 0;
      if (count > 1) {
        state.held.set(lockFile, count - 1);
        return;
      }
      state.held.delete(lockFile);
      removeIfMine(lockFile, state.token);
    },
  };
}

function removeIfMine(lockFile: string, token: string): void {
  const text = readLockText(lockFile);
  if (text !== null && parseHolder(text)?.token === token) unlinkSync(lockFile);
}

function installExitHook(state: Registry): void {
  if (state.exitHookInstalled) return;
  state.exitHookInstalled = true;
  // A process that exits without closing its database (process.exit after an error) still frees the
  // folder. A kill -9 cannot be caught: that lock is found stale by the next process instead.
  process.on('exit', () => {
    for (const lockFile of state.held.keys()) {
      try {
        removeIfMine(lockFile, state.token);
      } catch {
        // exiting anyway
      }
    }
    state.held.clear();
  });
}

function describeRefusal(dataDir: string, holder: LockHolder, lockFile: string): string {
  const where = holder.host === os.hostname() ? '' : ` on ${holder.host || 'another machine'}`;
  const started = holder.startedAt ? `, started ${formatStart(new Date(holder.startedAt))}` : '';
  const remedy =
    where === ''
      ? 'Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.'
      : `Stop it first (if it is gone, delete ${lockFile}), or use PostgreSQL (DATABASE_URL) to run several processes.`;
  return `The data folder ${dataDir} is in use by another store process (pid ${holder.pid}${where}: ${holder.command}${started}). ${remedy}`;
}

/** "12:01" today, "2026-11-22 12:01" on another day (local time). */
function formatStart(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'at an unknown time';
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay ? time : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
}
