/** The store's log: JSON lines on standard output, at `LOG_LEVEL` (default info). */
import pino from 'pino';

export const log = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'store' } });
