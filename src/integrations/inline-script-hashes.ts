/**
 * The hashes of the pre-paint scripts (src/scripts/inline/*.js, written into pages by InlineScript.astro)
 * for the pages' Content-Security-Policy. Astro hashes the scripts it bundles itself, not inline ones.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function inlineScriptHashes(folder: string): `sha256-${string}`[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .sort()
    .map(
      (file) =>
        `sha256-${createHash('sha256')
          .update(readFileSync(path.join(folder, file)))
          .digest('base64')}` as const,
    );
}
