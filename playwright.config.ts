import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/store.setup.ts',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  // Its own folder: Playwright empties it at start, and `npm test` keeps the other suites' reports beside it.
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    // The store's service worker answers from what it kept; the specs that test it allow it (offline.spec.ts).
    // Elsewhere it would hide requests from page.route and keep copies across tests.
    serviceWorkers: 'block',
  },
  // Most shoppers hold a phone: every test runs at its size but those tagged @desktop (the wide header's own parts).
  // At 1280 px run the tests of what the layout changes; those tagged @any-size check what no layout changes
  // (a text sent, a payment settled, a page kept offline, a policy enforced) and run once, at the phone's size, as do
  // those tagged @phone (what only a phone's layout has, such as the product page's buy bar).
  projects: [
    { name: 'mobile', grepInvert: /@desktop/, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', grepInvert: /@any-size|@phone/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});
