import { expect, type Page } from './fixtures';

/**
 * Waits until the service worker has kept the open page and every built file it loaded (its islands and the
 * chunks they imported, a language's texts among them), so the page opens again offline as a phone that had
 * it open would have it.
 */
export async function untilPageKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const builtFiles = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/_astro/'));
        const found = await Promise.all([location.href, ...builtFiles].map((url) => caches.match(url, { ignoreVary: true })));
        return found.every(Boolean);
      }),
    )
    .toBe(true);
}
