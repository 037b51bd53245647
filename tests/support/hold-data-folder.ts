/**
 * A process that takes a PGlite data folder's lock and keeps it until killed:
 *   tsx tests/support/hold-data-folder.ts DIR
 * Prints "holding <pid>" once it has the lock.
 */
import { acquireDataFolderLock } from '../../src/server/db/data-folder-lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: tsx tests/support/hold-data-folder.ts DIR');
acquireDataFolderLock(dataDir);
console.log(`holding ${process.pid}`);
setInterval(() => {}, 60_000);
