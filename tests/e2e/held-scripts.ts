import type { Page } from './fixtures';

/**
 * Holds back every script the page asks for from now on (the islands' code, React) until `release()`, and lists
 * them: what the shopper does meanwhile meets only the server's HTML and the page's own scripts, as on a slow
 * connection.
 */
export async function holdScripts(page: Page): Promise<{ asked: string[]; release: () => void }> {
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { asked, release };
}
