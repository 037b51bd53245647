import { startStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startPaymentFakes } from '../support/payment-fakes';

/**
 * One real store for the end-to-end run, on a free port with its own PGlite database and the demo
 * catalogue, paying through local fakes of Pesapal, Stripe, MTN MoMo and Airtel Money.
 */
export default async function setup() {
  const port = await freePort();
  // A buyer takes three seconds to approve on the phone, so a test sees the approval step before it ends.
  const fakes = await startPaymentFakes(`http://127.0.0.1:${port}`, { approveAfterMs: 3_000, expireAfterMs: 10 * 60_000 });
  // The demo vendor hears of every order the specs place: the texts' budget is tested in tests/api/sms-budget.test.ts.
  const store = await startStore({ port, env: { ...fakes.env, SMS_NUMBER_LIMITS: '10000,10000', SMS_ACCOUNT_LIMITS: '10000,10000' } });
  process.env.E2E_BASE_URL = store.baseUrl;
  process.env.E2E_OUTBOX_DIR = store.outboxDir;
  process.env.E2E_MTN_MOMO_URL = fakes.mtnMomoUrl;
  process.env.E2E_AIRTEL_URL = fakes.airtelUrl;
  return async () => {
    await store.stop();
    await fakes.stop();
  };
}
