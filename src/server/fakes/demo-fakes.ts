/**
 * PAYMENT_FAKES=1: local fakes of MTN MoMo and Airtel Money, started in the store's own process for demos on a
 * machine without the networks' keys. Only a network whose keys are not set is pointed at its fake; the fake
 * approves a request a few seconds after it is sent, as a buyer would on the phone, and declines numbers
 * ending in 13. Payouts likewise: a network whose disbursement is not set up sends vendors' payouts to its
 * disbursement fake, which pays at once (a number ending in 13 is refused).
 */
import { config, type Config } from '../config';
import { createAirtelMoneyGateway } from '../payments/airtel-money';
import { createAirtelMoneyDisbursement } from '../payments/airtel-money-disbursement';
import { createMtnMomoGateway } from '../payments/mtn-momo';
import { createMtnMomoDisbursement } from '../payments/mtn-momo-disbursement';
import { startFakeAirtelMoney } from './fake-airtel-money';
import { startFakeAirtelMoneyDisbursement } from './fake-airtel-money-disbursement';
import { startFakeMtnMomo } from './fake-mtn-momo';
import { startFakeMtnMomoDisbursement } from './fake-mtn-momo-disbursement';
import type { FakeServer } from './fake-server';

const APPROVE_AFTER_MS = 4_000;

/**
 * Starts the fakes the configuration needs; says which networks are faked, and the variables that point the
 * store at them (the start script reads the configuration again with them).
 */
export async function startDemoPaymentFakes(
  storeOrigin: string,
  settings: Config = config,
): Promise<{ faked: string[]; env: Record<string, string>; stop: () => Promise<void> }> {
  const started: (FakeServer & { env: Record<string, string> })[] = [];
  const faked: string[] = [];
  if (!createMtnMomoGateway(settings).isConfigured()) {
    started.push(await startFakeMtnMomo({ approveAfterMs: APPROVE_AFTER_MS }));
    faked.push('MTN MoMo');
  }
  if (!createAirtelMoneyGateway(settings).isConfigured()) {
    started.push(await startFakeAirtelMoney({ approveAfterMs: APPROVE_AFTER_MS, callbackUrl: `${storeOrigin}/api/payments/airtel-money/callback` }));
    faked.push('Airtel Money');
  }
  if (!createMtnMomoDisbursement(settings)) {
    started.push(await startFakeMtnMomoDisbursement());
    faked.push('MTN MoMo payouts');
  }
  if (!createAirtelMoneyDisbursement(settings)) {
    started.push(await startFakeAirtelMoneyDisbursement());
    faked.push('Airtel Money payouts');
  }
  const env = Object.assign({}, ...started.map((fake) => fake.env)) as Record<string, string>;
  return { faked, env, stop: async () => void (await Promise.all(started.map((fake) => fake.stop()))) };
}
