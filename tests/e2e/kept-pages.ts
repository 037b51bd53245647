import { expect, type Page } from './fixtures';
import { BUILT_FILE_NAME } from '../../src/service-worker/kept-pages';

/**
 * Waits until the service worker has kept the open page and every built file it loaded, and every built file the
 * kept page names and those files import in turn (its islands and the chunks they import, a language's texts
 * among them, loaded only later), so the page opens again offline as a phone that had it open would have it.
 */
export async function untilPageKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async (builtFileName) => {
        const isKept = async (url: string) => (await caches.match(url, { ignoreVary: true })) ?? null;
        const named = (text: string) => [...text.matchAll(new RegExp(builtFileName, 'g'))].map(([, name]) => `/_astro/${name}`);
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/_astro/'));
        if (!(await Promise.all(loaded.map(isKept))).every(Boolean)) return false;
        const keptPage = await isKept(location.href);
        if (!keptPage) return false;
        const seen = new Set<string>();
        let next = named(await keptPage.text());
        while (next.length > 0) {
          const imports: string[] = [];
          for (const file of next.filter((name) => !seen.has(name))) {
            seen.add(file);
            const copy = await isKept(file);
            if (!copy) return false;
            if (file.endsWith('.js')) imports.push(...named(await copy.text()));
          }
          next = imports;
        }
        return true;
      }, BUILT_FILE_NAME),
    )
    .toBe(true);
}
