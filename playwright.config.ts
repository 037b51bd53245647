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
  projects: [
    { name: 'mobile', grepInvert: /@desktop/, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
