/**
 * The payment gateways a test store talks to: local fakes of Pesapal, Stripe, MTN MoMo and Airtel Money
 * (collection, and the disbursement that pays vendors) speaking their protocols. Gives the environment that points the store at them.
 */
import { startFakeAirtelMoney } from '../../src/server/fakes/fake-airtel-money';
import { startFakeAirtelMoneyDisbursement } from '../../src/server/fakes/fake-airtel-money-disbursement';
import { startFakeMtnMomo } from '../../src/server/fakes/fake-mtn-momo';
import { startFakeMtnMomoDisbursement } from '../../src/server/fakes/fake-mtn-momo-disbursement';
import { startFakePesapal } from '../../src/server/fakes/fake-pesapal';
import { startFakeStripe } from '../../src/server/fakes/fake-stripe';

export type PaymentFakes = {
  env: Record<string, string>;
  pesapalUrl: string;
  stripeUrl: string;
  mtnMomoUrl: string;
  airtelUrl: string;
  mtnMomoDisbursementUrl: string;
  airtelDisbursementUrl: string;
  stop: () => Promise<void>;
};

/**
 * How the fake networks behave: a buyer approves after `approveAfterMs`; a request nobody answers is given up
 * by the network after `expireAfterMs` (longer than the store waits, as a slow network would).
 */
export type MobileMoneyTiming = { approveAfterMs: number; expireAfterMs: number };

export async function startPaymentFakes(
  storeUrl: string,
  timing: MobileMoneyTiming = { approveAfterMs: 1_000, expireAfterMs: 10 * 60_000 },
): Promise<PaymentFakes> {
  const webhookSecret = 'whsec_test_store';
  const secretKey = 'sk_test_store';
  const [pesapal, stripe, mtn, airtel, mtnDisbursement, airtelDisbursement] = await Promise.all([
    startFakePesapal({ consumerKey: 'store-key', consumerSecret: 'store-secret' }),
    startFakeStripe({ secretKey, webhookSecret, webhookUrl: `${storeUrl}/api/payments/stripe/webhook` }),
    startFakeMtnMomo(timing),
    startFakeAirtelMoney({ ...timing, callbackUrl: `${storeUrl}/api/payments/airtel-money/callback` }),
    startFakeMtnMomoDisbursement(),
    startFakeAirtelMoneyDisbursement(),
  ]);
  return {
    env: {
      PESAPAL_BASE_URL: pesapal.baseUrl,
      PESAPAL_CONSUMER_KEY: 'store-key',
      PESAPAL_CONSUMER_SECRET: 'store-secret',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      ...mtn.env,
      ...airtel.env,
      ...mtnDisbursement.env,
      ...airtelDisbursement.env,
    },
    pesapalUrl: pesapal.baseUrl,
    stripeUrl: stripe.baseUrl,
    mtnMomoUrl: mtn.baseUrl,
    airtelUrl: airtel.baseUrl,
    mtnMomoDisbursementUrl: mtnDisbursement.baseUrl,
    airtelDisbursementUrl: airtelDisbursement.baseUrl,
    stop: async () => {
      await Promise.all([pesapal.stop(), stripe.stop(), mtn.stop(), airtel.stop(), mtnDisbursement.stop(), airtelDisbursement.stop()]);
    },
  };
}
