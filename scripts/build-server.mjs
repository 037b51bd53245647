/**
 * Compiles the store's start script (src/server/serve.ts and the store code it imports) into one JavaScript
 * file for plain node, dist/start/serve.mjs, after `astro build`. A store started through the TypeScript loader
 * (tsx) carries the loader and the sources it compiled in memory (30 MB or more at start), and tsx's launcher
 * in a second process beside it (about 50 MB); this file needs neither (docs/memory.md).
 * Packages stay in node_modules, imported as they are (the Astro bundle imports the same copies). The payment
 * fakes, loaded only when PAYMENT_FAKES=1 asks, stay a chunk of their own that a live store never reads.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const OUT_DIR = 'dist/start';

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/serve.ts'],
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  logLevel: 'warning',
});
