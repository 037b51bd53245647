/**
 * The store's log: JSON lines on standard output, at `LOG_LEVEL` (default info). A line written while a request
 * is answered carries its id (`requestId`, also sent back in the `X-Request-Id` header), whichever module writes it.
 * One logger per process, on globalThis: the server script and the built Astro bundle each carry a copy of this
 * module, and two writers on one standard output could cut each other's long lines.
 */
import pino, { type Logger } from 'pino';
import { config } from './config';
import { currentRequest } from './monitoring/request-context';

function createLog(): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'store' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const request = currentRequest();
      return request ? { requestId: request.id } : {};
    },
  });
}

const LOG_KEY = Symbol.for('marketplace.log');
const holder = globalThis as { [LOG_KEY]?: Logger };

export const log = (holder[LOG_KEY] ??= createLog());

/**
 * Ends a store that cannot start: the reason in the log, and as a plain line on standard error for the person who
 * started it (a port already taken, a setting that makes no sense).
 */
export function refuseToStart(reason: string): never {
  log.fatal(reason);
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}
