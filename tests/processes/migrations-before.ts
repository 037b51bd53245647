import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A copy of the migrations folder whose journal stops just before `tag`, to build a store as it was then. */
export async function migrationsBefore(migrations: string, tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
