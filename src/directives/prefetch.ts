/**
 * Fetches an island's code ahead, without running it, once the page has loaded and the phone is idle, so the
 * first tap waits for no download. Each module is asked for with `<link rel="modulepreload">` (Chromium
 * fetches and compiles it, but not the modules it imports), then read back from the HTTP cache to find
 * those imports, which are preloaded in turn. The built files name their static imports first, as
 * `import{…}from"./x.js"`; dynamic imports are left for when they are needed, except the island texts of the
 * page's language (`import("./lg-browsing.….js")`, named so by src/integrations/island-chunks.ts), which every
 * island on a Luganda or Swahili page waits for.
 * Nothing is fetched in data-saver mode (the layout's `data-saves-data`, or the browser's Save-Data).
 */
const STATIC_IMPORT = /^\s*import\s*(?:[^"';]*?from\s*)?["']([^"']+)["']\s*;?/;

/**
 * The attribute on every link this adds, with the time it was added (`performance.now()`), so a measure can tell
 * what the link fetched from what the page's own scripts had fetched before it.
 */
export const PREFETCHED_ATTRIBUTE = 'data-prefetched';

function importsOf(code: string, base: string): string[] {
  const language = document.documentElement.lang.slice(0, 2);
  const texts = new RegExp(`import\\(\\s*["'\`](\\./${language}-browsing\\.[^"'\`]+)["'\`]`).exec(code);
  const found: string[] = texts ? [new URL(texts[1]!, base).href] : [];
  let rest = code;
  for (let match = STATIC_IMPORT.exec(rest); match; match = STATIC_IMPORT.exec(rest)) {
    found.push(new URL(match[1]!, base).href);
    rest = rest.slice(match[0].length);
  }
  return found;
}

async function preload(url: string, seen: Set<string>): Promise<void> {
  if (seen.has(url)) return;
  seen.add(url);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  link.setAttribute(PREFETCHED_ATTRIBUTE, String(Math.floor(performance.now())));
  const loaded = new Promise<boolean>((resolve) => {
    link.onload = () => resolve(true);
    link.onerror = () => resolve(false);
  });
  document.head.append(link);
  if (!(await loaded)) return;
  const response = await fetch(url, { cache: 'force-cache' });
  await Promise.all(importsOf(await response.text(), url).map((imported) => preload(imported, seen)));
}

function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return document.documentElement.hasAttribute('data-saves-data') || connection?.saveData === true;
}

/** Preloads the island's component and renderer, and all they import, when the loaded page is next idle. */
export function prefetchIsland(island: HTMLElement): void {
  if (savesData()) return;
  const urls = ['component-url', 'renderer-url'].map((name) => island.getAttribute(name)).filter((url): url is string => !!url);
  const start = () => {
    const seen = new Set<string>();
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    whenIdle(() => void Promise.all(urls.map((url) => preload(new URL(url, location.href).href, seen))).catch(() => {}), { timeout: 3000 });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
