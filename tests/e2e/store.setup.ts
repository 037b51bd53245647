import { startStore } from '../support/server';

/** One real store for the end-to-end run, on a free port with its own PGlite database and the demo catalogue. */
export default async function setup() {
  const store = await startStore();
  process.env.E2E_BASE_URL = store.baseUrl;
  process.env.E2E_OUTBOX_DIR = store.outboxDir;
  return async () => {
    await store.stop();
  };
}
