// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { inlineScriptHashes, inlineScripts } from './src/integrations/inline-script-hashes.ts';
import precompressAssets from './src/integrations/precompress-assets.ts';
import appShell from './src/integrations/app-shell.ts';
import { islandChunks } from './src/integrations/island-chunks.ts';

// Every page is rendered on request: each carries the live category menu, which does not exist at
// build time (the database is the running store's). Pages the same for every visitor are kept in the
// store's own page cache (below) and served from memory like files; browsers and CDNs are told to ask again
// each time, since only the store hears its writes. The static pages' content is in the database too.
// src/server/serve.ts serves the app (the adapter's middleware mode: no file serving of its own, which would look
// for a file on disk before every request) with compression, the built files' precompressed copies, a clear port
// error, database warm-up and graceful shutdown.
/** Registers the store's hydration directives (src/directives). @type {import('astro').AstroIntegration} */
const hydrationDirectives = {
  name: 'hydration-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
      addClientDirective({ name: 'event', entrypoint: './src/directives/event.ts' });
    },
  },
};

const REACT_CLIENT = '@astrojs/react/client.js';
const REACT_CLIENT_WRAPPER = fileURLToPath(new URL('./src/islands/error/react-client.ts', import.meta.url));
/**
 * Every island hydrates through src/islands/error/react-client.ts, which wraps it in the error screen's
 * boundary and then calls Astro's React client. Only that module gets the original entry.
 * @type {import('vite').Plugin}
 */
const islandErrorScreens = {
  name: 'island-error-screens',
  enforce: 'pre',
  resolveId(source, importer) {
    return source === REACT_CLIENT && importer !== REACT_CLIENT_WRAPPER ? REACT_CLIENT_WRAPPER : null;
  },
};

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // Islands are rendered on the server with React's renderToString: a React stream per island cost a product
  // page 1–3 ms. renderToString gives useId no per-island prefix, so islands name their element ids from
  // props (tests/unit/react-islands.test.ts keeps useId out).
  // precompressAssets last: it compresses what the others wrote into dist/client. The static pages' search
  // index is not built here: the pages live in the database, and each instance indexes them in memory
  // (src/server/content/page-search-index.ts).
  integrations: [react({ experimentalDisableStreaming: true }), hydrationDirectives, appShell(), precompressAssets()],
  // Pages that are the same for every visitor are kept in memory, compressed, and dropped by tag when a
  // write changes what they show (src/server/cache/page-cache.ts, page-tags.ts, purge.ts).
  cache: { provider: { name: 'store-pages', entrypoint: new URL('./src/server/cache/page-cache-provider.ts', import.meta.url) } },
  // Astro's origin check refuses every form post without a matching Origin header. The API
  // authenticates only with a bearer header, so a cross-site post to it carries no credentials, and the
  // spec's client and the mobile apps post multipart forms without an Origin, which the check would
  // refuse. The one cookie (the vendor pages' login, src/server/http/session-cookie.ts) is SameSite=Lax,
  // and the pages that act on it check the origin themselves.
  security: {
    checkOrigin: false,
    // The pages' Content-Security-Policy, sent as a header: Astro adds the hashes of the scripts and
    // styles it emits (island loaders, inlined CSS); the pre-paint scripts are hashed from their files.
    // No 'unsafe-inline'. Buyers reach the payment gateways by navigation (location.assign to the
    // gateway's redirect_url), which form-action does not govern, so forms stay on the store.
    // The other security headers: src/server/http/security-headers.ts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ],
      scriptDirective: { hashes: inlineScriptHashes(fileURLToPath(new URL('./src/scripts/inline/', import.meta.url))) },
    },
  },
  // Shiki colours code with style attributes, which the pages' policy refuses; the pages have no code.
  markdown: { syntaxHighlight: false },
  // English at /, Luganda at /lg/..., Swahili at /sw/...: every page exists once, in src/pages, and Astro
  // renders it at the prefixed addresses too (fallback by rewrite); the middleware gives it the language of
  // its address (src/lib/i18n).
  i18n: {
    locales: ['en', 'lg', 'sw'],
    defaultLocale: 'en',
    fallback: { lg: 'en', sw: 'en' },
    routing: { prefixDefaultLocale: false, fallbackType: 'rewrite' },
  },
  server: { port: Number(process.env.PORT || 4321) },
  vite: {
    // Islands' shared code in fewer files, so a first tap waits for fewer round trips (src/integrations/island-chunks.ts);
    // the pre-paint scripts minified, as their hashes are made (src/integrations/inline-script-hashes.ts).
    plugins: [islandErrorScreens, islandChunks(), inlineScripts()],
    ssr: {
      // Native and WASM packages stay in node_modules, loaded at run time.
      external: ['@electric-sql/pglite', 'pg', 'sharp', 'drizzle-orm', 'pagefind', '@astrojs/markdown-satteri'],
    },
  },
});
