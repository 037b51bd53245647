/**
 * PAYMENT_FAKES=1: local fakes of Pesapal, Stripe, MTN MoMo and Airtel Money, started in the store's own process
 * for demos on a machine without the gateways' keys; the tests use the same fakes. Only a gateway whose keys are
 * not set is pointed at its fake. Pesapal and Stripe send the buyer to their own payment page ("Pay now",
 * "Decline" or "Cancel"), then back to the store; a mobile money fake approves a request a few seconds after it
 * is sent, as a buyer would on the phone, and declines numbers ending in 13. Payouts likewise: a network whose disbursement is not set up sends vendors' payouts to its
 * disbursement fake, which pays at once (a number ending in 13 is refused).
 */
import { config, type Config } from '../config';
import { createAirtelMoneyGateway } from '../payments/gateways/airtel-money';
import { createAirtelMoneyDisbursement } from '../payments/gateways/airtel-money-disbursement';
import { createMtnMomoGateway } from '../payments/gateways/mtn-momo';
import { createMtnMomoDisbursement } from '../payments/gateways/mtn-momo-disbursement';
import { createPesapalGateway } from '../payments/gateways/pesapal';
import { createStripeGateway } from '../payments/gateways/stripe';
import { startFakeAirtelMoney } from './fake-airtel-money';
import { startFakeAirtelMoneyDisbursement } from './fake-airtel-money-disbursement';
import { startFakeMtnMomo } from './fake-mtn-momo';
import { startFakeMtnMomoDisbursement } from './fake-mtn-momo-disbursement';
import { startFakePesapal } from './fake-pesapal';
import { startFakeStripe } from './fake-stripe';
import type { FakeServer } from './fake-server';

const APPROVE_AFTER_MS = 4_000;

/** The keys the store and its Pesapal and Stripe fakes agree on; they open nothing but the fakes. */
const PESAPAL_KEYS = { consumerKey: 'demo-pesapal-key', consumerSecret: 'demo-pesapal-secret' };
const STRIPE_KEYS = { secretKey: 'sk_test_demo', webhookSecret: 'whsec_demo' };

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
  if (!createPesapalGateway(settings).isConfigured()) {
    const pesapal = await startFakePesapal(PESAPAL_KEYS);
    started.push({
      ...pesapal,
      env: { PESAPAL_BASE_URL: pesapal.baseUrl, PESAPAL_CONSUMER_KEY: PESAPAL_KEYS.consumerKey, PESAPAL_CONSUMER_SECRET: PESAPAL_KEYS.consumerSecret },
    });
    faked.push('Pesapal');
  }
  if (!createStripeGateway(settings).isConfigured()) {
    const stripe = await startFakeStripe({ ...STRIPE_KEYS, webhookUrl: `${storeOrigin}/api/payments/stripe/webhook` });
    started.push({
      ...stripe,
      env: { STRIPE_API_BASE: stripe.baseUrl, STRIPE_SECRET_KEY: STRIPE_KEYS.secretKey, STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhookSecret },
    });
    faked.push('Stripe');
  }
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
