/**
 * The payment gateways a test store talks to: local fake Pesapal and Stripe servers speaking their
 * protocols. Gives the environment that points the store at them.
 */
import { startFakePesapal } from './fake-pesapal';
import { startFakeStripe } from './fake-stripe';

export type PaymentFakes = { env: Record<string, string>; pesapalUrl: string; stripeUrl: string; stop: () => Promise<void> };

export async function startPaymentFakes(storeUrl: string): Promise<PaymentFakes> {
  const webhookSecret = 'whsec_test_store';
  const secretKey = 'sk_test_store';
  const pesapal = await startFakePesapal({ consumerKey: 'store-key', consumerSecret: 'store-secret' });
  const stripe = await startFakeStripe({ secretKey, webhookSecret, webhookUrl: `${storeUrl}/api/payments/stripe/webhook` });
  return {
    env: {
      PESAPAL_BASE_URL: pesapal.baseUrl,
      PESAPAL_CONSUMER_KEY: 'store-key',
      PESAPAL_CONSUMER_SECRET: 'store-secret',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    pesapalUrl: pesapal.baseUrl,
    stripeUrl: stripe.baseUrl,
    stop: async () => {
      await Promise.all([pesapal.stop(), stripe.stop()]);
    },
  };
}
