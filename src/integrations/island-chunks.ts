/**
 * Fewer files for the islands' code in the browser build. Left to itself the bundler gives every small module
 * islands share (a store, a table of texts, the JSX runtime) its own file, so the first tap on Add to cart
 * fetched 17 to 26 files in several round-trip waves: each file names the next only once it has arrived. Here:
 *
 * - `react`: React, React DOM, the scheduler, the islands' error screen and everything the storefront's islands
 *   (`STOREFRONT_ISLAND`) import that no page script loads go with the React renderer, in one file;
 * - `page` and `page-later`: what those islands share with what a page's own script loads at start (the product
 *   page's Add to cart) or on demand (a logged-in shopper's saved hearts);
 * - `lg-browsing`, `sw-browsing`: a language's browsing texts with every text module they import;
 * - `islands`: the small modules only the other islands (checkout, account, staff screens) import, grouped by
 *   which islands import them (`entriesAware`), so such an island fetches a few files and none of another's code.
 *
 * - every page's start script with all it imports as it starts, in the start script's own file, which then also
 *   brings the bundler's runtime helpers (`startsEveryPage`), and what of it islands import too in one more
 *   (`start-shared`), loaded beside them.
 *
 * The editor's large libraries keep the bundler's files. Only the browser build is grouped; the server's bundle is left as it is.
 */
import type { Plugin } from 'vite';

type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[]; code: string | null };
type Context = { getModuleInfo(id: string): ModuleInfo | null };

const SMALL_MODULE = 12 * 1024;
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]|[\\/]src[\\/]islands[\\/]error[\\/](react-client|ErrorBoundary|ErrorScreen)\./;
/** The page's own script, which Astro hoists from the layouts. */
const PAGE_SCRIPT = /\.astro\?astro&type=script/;
/** Large libraries of one island each (the editor, the password meter): their own files. */
const OWN_FILE = /[\\/]node_modules[\\/](@codemirror|@lezer|@zxcvbn-ts|codemirror|style-mod|w3c-keyname|crelt)[\\/]/;

/** The page's own script modules, whose imports on demand (a logged-in shopper's saved hearts) are the page's too. */
const SCRIPT_MODULE = /[\\/]src[\\/]scripts[\\/]/;
/** Every page's start script (src/components/StartPage.astro, in both layouts). */
const START_SCRIPT = /[\\/]src[\\/]components[\\/]StartPage\.astro\?astro&type=script/;

/**
 * True when a page's script may load `id`: imported by it, directly or through other modules, or imported on
 * demand by one of the page's script modules (src/scripts). What a store or an island imports on demand is not
 * the page's (the wishlist's texts of a failure come with the islands' code).
 */
function loadsWithPage(id: string, context: Context, seen = new Set<string>()): boolean {
  if (PAGE_SCRIPT.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = context.getModuleInfo(id);
  const onDemand = (info?.dynamicImporters ?? []).filter((importer) => SCRIPT_MODULE.test(importer) || PAGE_SCRIPT.test(importer));
  return [...(info?.importers ?? []), ...onDemand].some((importer) => loadsWithPage(importer, context, seen));
}

/** The service worker's client, which every page's start script loads once the page is idle (0.4 KB). */
const SERVICE_WORKER_CLIENT = /[\\/]src[\\/]scripts[\\/]service-worker-client\.ts$/;

/**
 * True when `id` is every page's start script (src/components/StartPage.astro's), what it imports as it starts, or
 * the service worker's client: one file, the start script's own, so a page asks for one script instead of a chain
 * of them (each link of which was a round trip before the page's largest picture could count as drawn). The
 * client, loaded on demand from the same file, makes the bundler give that file its runtime helpers (0.5 KB, which
 * no group can take), so they are there before any island needs them: an island's first tap fetches one file less.
 * The performance monitor keeps a file of its own, loaded once the page is idle, which no island imports.
 */
function startsEveryPage(id: string, context: Context): boolean {
  return START_SCRIPT.test(id) || loadsWithEveryPage(id, context) || SERVICE_WORKER_CLIENT.test(id);
}

/**
 * True when `id` starts every page and a module outside the start script's file imports it (an island, a store),
 * directly or through another such module: those go in a second file the start script loads beside the bundler's
 * runtime, so an island's code imports a file of shared helpers, not the start script with all it may load.
 */
function sharedWithIslands(id: string, context: Context, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (context.getModuleInfo(id)?.importers ?? []).some((importer) => !startsEveryPage(importer, context) || sharedWithIslands(importer, context, seen));
}

/** True when every page's start script imports `id` as it starts, directly or through other modules. */
function loadsWithEveryPage(id: string, context: Context, seen = new Set<string>()): boolean {
  if (START_SCRIPT.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (context.getModuleInfo(id)?.importers ?? []).some((importer) => loadsWithEveryPage(importer, context, seen));
}

/**
 * True when `id` may go in an islands file: small, imported (not an entry), and everything it imports is in a
 * group too or loads with the page. A grouped module that imported from an island's own file (the editor's
 * CodeMirror) would make that file and the group import each other, and one would run before the other.
 */
function groupable(id: string, context: Context, seen = new Set<string>()): boolean {
  if (seen.has(id) || REACT.test(id) || loadsWithPage(id, context)) return true;
  seen.add(id);
  const info = context.getModuleInfo(id);
  if (!info || info.importers.length === 0 || OWN_FILE.test(id) || (info.code?.length ?? 0) > SMALL_MODULE) return false;
  return info.importedIds.every((imported) => groupable(imported, context, seen));
}

/** The islands of the catalogue's pages (home, category, product) and of every page's layout. */
const STOREFRONT_ISLAND =
  /[\\/]src[\\/]islands[\\/](Toaster|cart[\\/](CartDrawer|QuickAdd)|wishlist[\\/]WishlistHeart|reviews[\\/](ProductRating|ProductReviews)|search[\\/]LiveSearch)\.tsx$/;

/** True when a storefront island imports `id`, directly or through other modules, as it starts (not on demand). */
function storefrontImports(id: string, context: Context, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (context.getModuleInfo(id)?.importers ?? []).some(
    (importer) => STOREFRONT_ISLAND.test(importer) || REACT.test(importer) || storefrontImports(importer, context, seen),
  );
}

/**
 * The storefront's groups, so that the island a first tap wakes comes in few files, its own and these: `react`,
 * React with everything the storefront's islands import that no page script loads; `page`, what they share with
 * what a page's script loads as it starts (the product page's Add to cart), there before the tap; and
 * `page-later`, what they share with what a page's script loads on demand (a logged-in shopper's saved hearts).
 * What every page's start script loads is its own file (`startsEveryPage`): it is there before any tap.
 */
export function storefrontChunk(id: string, context: Context): string | null {
  if (startsEveryPage(id, context)) return sharedWithIslands(id, context) ? 'start-shared' : 'start';
  const texts = browsingTextsOf(id, context);
  if (texts) return texts;
  if (REACT.test(id)) return 'react';
  if (!storefrontImports(id, context) || OWN_FILE.test(id)) return null;
  if (!loadsWithPage(id, context)) return 'react';
  return loadsAtStart(id, context) ? 'page' : 'page-later';
}

/** True when a page's script imports `id` as it starts, directly or through other modules (not on demand). */
function loadsAtStart(id: string, context: Context, seen = new Set<string>()): boolean {
  if (PAGE_SCRIPT.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (context.getModuleInfo(id)?.importers ?? []).some((importer) => loadsAtStart(importer, context, seen));
}

/** A language's browsing texts: the module every island of a Luganda or Swahili page waits for. */
const BROWSING_TEXTS = /[\\/]src[\\/]lib[\\/]i18n[\\/](lg|sw)[\\/]browsing\.ts$/;
const LANGUAGE_MODULE = /[\\/]src[\\/]lib[\\/]i18n[\\/](lg|sw)[\\/]/;

/**
 * `lg-browsing` or `sw-browsing` for that language's browsing texts and every text module they import, so they
 * come in one file (the buying texts, which import some of the same, then load from it).
 */
function browsingTextsOf(id: string, context: Context, seen = new Set<string>()): string | null {
  const language = LANGUAGE_MODULE.exec(id)?.[1];
  if (!language || seen.has(id)) return null;
  seen.add(id);
  if (BROWSING_TEXTS.test(id)) return `${language}-browsing`;
  for (const importer of context.getModuleInfo(id)?.importers ?? []) if (browsingTextsOf(importer, context, seen)) return `${language}-browsing`;
  return null;
}

/** The group a module's code goes to, or null to leave it to the bundler. */
export function islandChunk(id: string, context: Context): string | null {
  // A language's texts go with that language's file (`browsingTextsOf`, or the bundler's for the buying texts).
  if (loadsWithPage(id, context) || LANGUAGE_MODULE.test(id)) return null;
  if (REACT.test(id)) return 'react';
  return groupable(id, context) ? 'islands' : null;
}

/** A language's island texts, loaded on demand by src/lib/i18n/current.ts. */
const LANGUAGE_TEXTS = /[\\/]src[\\/]lib[\\/]i18n[\\/](lg|sw)[\\/](\w+)\.ts$/;

/**
 * Astro's file name for a chunk, with a group's chunks named after the group rather than all their islands, and
 * a language's texts named after the language (`lg-browsing`), so a file says whose texts it holds.
 */
function chunkFileName({ name, facadeModuleId }: { name: string; facadeModuleId: string | null }): string {
  const texts = LANGUAGE_TEXTS.exec(facadeModuleId ?? '');
  const group = /^(islands|react|page-later|page|start-shared|start|lg-browsing|sw-browsing)(~|$)/.exec(name)?.[1];
  return `_astro/${texts ? `${texts[1]}-${texts[2]}` : (group ?? name)}.[hash].js`;
}

/** The Vite plugin that applies `islandChunk` to the browser build. */
export function islandChunks(): Plugin {
  return {
    name: 'island-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      // Grouped modules' imports stay in their own files (a page script's module stays in the page's file),
      // which the bundler allows only when entries may export more than they declare.
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: {
              chunkFileNames: chunkFileName,
              codeSplitting: {
                groups: [
                  { name: storefrontChunk, priority: 2, includeDependenciesRecursively: false },
                  { name: islandChunk, priority: 1, includeDependenciesRecursively: false, entriesAware: true, entriesAwareMergeThreshold: 3072 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
