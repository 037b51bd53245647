/**
 * What the error screen shows and the report it sends (spec section 2): an id a shopper can read out
 * to support, the time, and the error's message, stack, browser, address and user. Pure, so the
 * browser and the server build and check reports alike.
 */

/** Field caps: a report is for finding a bug, not for carrying a page's worth of data. */
export const ERROR_REPORT_LIMITS = { id: 64, message: 2000, stack: 16_000, time: 64, agent: 512, url: 2048 } as const;
export const ERROR_REPORT_MAX_BYTES = 32 * 1024;

export type ErrorReport = { id: string; message: string; stack: string; time: string; agent: string; url: string; user_id: number | null };

const ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "ERR-7KQ2M9XD": no 0/O or 1/I, so it survives being read over the phone. */
export function newErrorId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
  return `ERR-${id}`;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A report of `error` with each field cut to its cap; a thrown non-Error still says what it was. */
export function errorReportOf(
  error: unknown,
  context: { id: string; time: string; agent: string; url: string; userId: number | null; componentStack?: string },
): ErrorReport {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const stack = [error instanceof Error ? (error.stack ?? '') : '', context.componentStack ?? ''].filter(Boolean).join('\n\nComponent stack:');
  return {
    id: cut(context.id, ERROR_REPORT_LIMITS.id),
    message: cut(message || 'Unknown error', ERROR_REPORT_LIMITS.message),
    stack: cut(stack, ERROR_REPORT_LIMITS.stack),
    time: cut(context.time, ERROR_REPORT_LIMITS.time),
    agent: cut(context.agent, ERROR_REPORT_LIMITS.agent),
    url: cut(context.url, ERROR_REPORT_LIMITS.url),
    user_id: context.userId,
  };
}
