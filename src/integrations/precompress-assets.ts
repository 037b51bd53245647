/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside every compressible built
 * file in dist/client after `astro build`, so the store sends them as they are
 * (src/server/http/static-files.ts) instead of compressing each request. A copy that would not be
 * smaller than its file is not written. Registered last, so it sees what the other integrations wrote.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { PRECOMPRESSED_SUFFIX } from '../server/http/static-files';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text and WebAssembly. Pictures, fonts and Pagefind's index files (.pagefind, .pf_*: gzip data that
 * Pagefind unpacks itself) are compressed already.
 */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.xml', '.txt', '.webmanifest', '.wasm', '.ico']);

/** Writes the copies of one file that are smaller than it; gives how many it wrote. */
async function compressFile(file: string): Promise<number> {
  const content = await readFile(file);
  const text = path.extname(file) !== '.wasm' && path.extname(file) !== '.ico';
  const copies = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: text ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).then((bytes) => [PRECOMPRESSED_SUFFIX.br, bytes] as const),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }).then((bytes) => [PRECOMPRESSED_SUFFIX.gzip, bytes] as const),
  ]);
  const smaller = copies.filter(([, bytes]) => bytes.length < content.length);
  await Promise.all(smaller.map(([suffix, bytes]) => writeFile(file + suffix, bytes)));
  return smaller.length;
}

export default function precompressAssets(): AstroIntegration {
  return {
    name: 'precompress-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name).toLowerCase()))
          .map((entry) => path.join(entry.parentPath, entry.name));
        // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
        const written = (await Promise.all(files.map(compressFile))).reduce((sum, count) => sum + count, 0);
        logger.info(`Wrote ${written} brotli and gzip copies of ${files.length} files in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
