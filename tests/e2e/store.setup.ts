import type { FullConfig } from '@playwright/test';
import { startStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startPaymentFakes } from '../support/payment-fakes';
import { STORE_SETTINGS, storeSetting } from './worker-store';

/**
 * One real store for each Playwright worker, on a free port with its own PGlite database and the demo
 * catalogue, paying through local fakes of Pesapal, Stripe, MTN MoMo and Airtel Money. A worker runs its
 * spec files one after another against its own store (tests/e2e/worker-store.ts), so two workers never
 * see each other's orders, published pages or rates.
 */
export default async function setup(config: FullConfig) {
  const started = await Promise.all(
    Array.from({ length: config.workers }, async (_, index) => {
      const port = await freePort();
      // A buyer takes three seconds to approve on the phone, so a test sees the approval step before it ends.
      const fakes = await startPaymentFakes(`http://127.0.0.1:${port}`, { approveAfterMs: 3_000, expireAfterMs: 10 * 60_000 });
      const store = await startStore({ port, env: fakes.env });
      const settings = { E2E_BASE_URL: store.baseUrl, E2E_OUTBOX_DIR: store.outboxDir, E2E_MTN_MOMO_URL: fakes.mtnMomoUrl, E2E_AIRTEL_URL: fakes.airtelUrl };
      for (const name of STORE_SETTINGS) process.env[storeSetting(name, index)] = settings[name];
      return { store, fakes };
    }),
  );
  return async () => {
    await Promise.all(
      started.map(async ({ store, fakes }) => {
        await store.stop();
        await fakes.stop();
      }),
    );
  };
}
