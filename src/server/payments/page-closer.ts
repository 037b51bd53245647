/**
 * The page closer: payment pages the store no longer wants but could not close when it let them go (the gateway
 * did not answer the close, or never answered the start that made the page) are closed here, every few seconds on
 * every instance, so a buyer never holds two pages for one order that could both take money. Closing twice is
 * harmless: the gateway answers that the page is already closed.
 */
import { attemptsWithPagesToClose } from './ledger';
import { closeLoosePage } from './payments';
import { repeatEvery } from '../periodic';
import { log } from '../log';

/** How often the closer looks. */
const ROUND_MS = 5_000;

/** Pages closed in one round at most; the next round takes the rest. */
const ROUND_BATCH = 50;

/** One round: tries to close every page marked to close. Returns the attempts it looked at. */
export async function closeLoosePages(): Promise<number[]> {
  const marked = await attemptsWithPagesToClose(ROUND_BATCH);
  for (const attempt of marked) await closeLoosePage(attempt.id);
  return marked.map((attempt) => attempt.id);
}

/** Runs a round now and then every few seconds, one round at a time; returns how to stop it. */
export function startLoosePageCloser(): () => void {
  return repeatEvery(ROUND_MS, closeLoosePages, (error) => log.error({ err: error }, '[payments] closing payment pages failed'));
}
