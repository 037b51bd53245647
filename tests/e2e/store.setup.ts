import { startStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startPaymentFakes } from '../support/payment-fakes';

/**
 * One real store for the end-to-end run, on a free port with its own PGlite database and the demo
 * catalogue, paying through local fakes of Pesapal and Stripe.
 */
export default async function setup() {
  const port = await freePort();
  const fakes = await startPaymentFakes(`http://127.0.0.1:${port}`);
  const store = await startStore({ port, env: fakes.env });
  process.env.E2E_BASE_URL = store.baseUrl;
  process.env.E2E_OUTBOX_DIR = store.outboxDir;
  return async () => {
    await store.stop();
    await fakes.stop();
  };
}
