/**
 * What makes the store an installable app that opens without a connection, written into dist/client after
 * `astro build`: the service worker (src/service-worker/sw.ts bundled with Workbox into /sw.js), the web app
 * manifest (/manifest.webmanifest) and its icons, drawn from the favicon. Registered before the
 * precompression, which then compresses them too.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import sharp from 'sharp';
import { STORE, THEME_COLOUR } from '../lib/store';
import { SERVICE_WORKER_PATH } from '../scripts/service-worker-client';

const BACKGROUND_COLOUR = '#ffffff';

/** Icons for the home screen: the favicon as it is, and a maskable one with room around it to be cut to any shape. */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** The manifest: the store opens in its own window at the home page, in the store's colours. */
export function webAppManifest() {
  return {
    name: `${STORE.name}: ${STORE.tagline}`,
    short_name: STORE.name,
    description: 'Shop from vendors across Uganda and pay in UGX with mobile money, card or cash on delivery.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOUR,
    theme_color: THEME_COLOUR,
    lang: 'en-UG',
    icons: ICONS.map(({ file, size, purpose }) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
  };
}

async function drawIcon(favicon: Buffer, size: number, purpose: 'any' | 'maskable'): Promise<Buffer> {
  if (purpose === 'any')
    return sharp(favicon, { density: 72 * (size / 32) })
      .resize(size, size)
      .png()
      .toBuffer();
  // Maskable icons keep what matters within the middle 80%: the favicon at 70% on the theme colour.
  const inner = Math.round(size * 0.7);
  const mark = await sharp(favicon, { density: 72 * (inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOUR } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export default function appShell(): AstroIntegration {
  return {
    name: 'app-shell',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const root = fileURLToPath(new URL('../..', import.meta.url));
        await build({
          entryPoints: [path.join(root, 'src/service-worker/sw.ts')],
          outfile: path.join(client, SERVICE_WORKER_PATH.slice(1)),
          tsconfig: path.join(root, 'tsconfig.json'),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          // Workbox leaves out its development logging in production builds.
          define: { 'process.env.NODE_ENV': '"production"' },
          logLevel: 'warning',
        });
        const favicon = await readFile(path.join(root, 'public/favicon.svg'));
        await mkdir(path.join(client, 'icons'), { recursive: true });
        for (const { file, size, purpose } of ICONS) await writeFile(path.join(client, file), await drawIcon(favicon, size, purpose));
        await writeFile(path.join(client, 'manifest.webmanifest'), JSON.stringify(webAppManifest(), null, 2));
        logger.info(`service worker ${SERVICE_WORKER_PATH}, the web app manifest and ${ICONS.length} icons written`);
      },
    },
  };
}
