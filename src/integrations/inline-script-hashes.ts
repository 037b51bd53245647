/**
 * The pre-paint scripts (src/scripts/inline/*.js, written into pages by InlineScript.astro): minified as they are
 * imported (`?raw`), and their hashes, of that same text, for the pages' Content-Security-Policy. Astro hashes the
 * scripts it bundles itself, not inline ones. Minified because they are in every page's HTML, whose first
 * 14.6 KB on the wire arrive in one round trip on a new connection (TCP's first window): their comments and
 * names cost a whole round trip before the page could paint.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

/** A pre-paint script's text as pages carry it: minified, for browsers back to 2017. */
export function inlineScriptText(file: string): string {
  return transformSync(readFileSync(file, 'utf8'), { minify: true, target: 'es2017', legalComments: 'none' }).code.trimEnd();
}

export function inlineScriptHashes(folder: string): `sha256-${string}`[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map(
      (file) =>
        `sha256-${createHash('sha256')
          .update(inlineScriptText(path.join(folder, file)))
          .digest('base64')}` as const,
    );
}

const INLINE_SCRIPT = /[\\/]src[\\/]scripts[\\/]inline[\\/][^\\/]+\.js\?raw$/;

/** Serves `src/scripts/inline/*.js?raw` imports as the minified text the hashes are made of. */
export function inlineScripts(): Plugin {
  return {
    name: 'inline-scripts',
    enforce: 'pre',
    load(id) {
      if (!INLINE_SCRIPT.test(id)) return null;
      const file = id.slice(0, -'?raw'.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(inlineScriptText(file))};`;
    },
  };
}
