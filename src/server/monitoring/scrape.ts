/**
 * What `/metrics` answers: the registry's metrics (prometheus.ts), with the gauges read at scrape time first — the
 * PostgreSQL pool's connections and the queues in the database (texts to send, payments waiting, payouts not
 * settled), each one small count.
 */
import { getDatabaseHandle } from '../db/client';
import { log } from '../log';
import { paymentsWaiting } from '../payments/mobile-money-news';
import { pendingPayoutCount } from '../payouts/payout-reconcile';
import { textsToSend } from '../sms/sms';
import { databasePool, metricsRegistry, pendingPayments, pendingPayouts, queuesReadable, smsOutbox } from './prometheus';

async function readPool(): Promise<void> {
  const use = (await getDatabaseHandle()).poolUse?.();
  if (!use) return;
  databasePool.set({ state: 'total' }, use.total);
  databasePool.set({ state: 'idle' }, use.idle);
  databasePool.set({ state: 'waiting' }, use.waiting);
}

async function readQueues(): Promise<void> {
  try {
    const [texts, payments, payouts] = await Promise.all([textsToSend(), paymentsWaiting(), pendingPayoutCount()]);
    smsOutbox.set({ status: 'queued' }, texts.queued);
    smsOutbox.set({ status: 'sending' }, texts.sending);
    // A gateway with nothing waiting any more shows 0, not its last count.
    pendingPayments.reset();
    for (const { gateway, waiting } of payments) pendingPayments.set({ gateway }, waiting);
    pendingPayouts.set(payouts);
    queuesReadable.set(1);
  } catch (error) {
    log.warn({ err: error }, 'metrics: the queues could not be read from the database');
    queuesReadable.set(0);
  }
}

export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  await Promise.all([readPool(), readQueues()]);
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
