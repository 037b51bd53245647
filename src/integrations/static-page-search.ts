/**
 * Builds the Pagefind index of the static pages (Help, FAQ, Buyer Protection ...) after `astro build`:
 * the pages are rendered per request (they carry the live category menu), so instead of crawling built
 * HTML, the index is made from their pre-rendered content (src/pages/search-index/pages.json.ts).
 * The index is written to dist/client/pagefind/, served like any static file.
 */
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

type StaticPage = { url: string; title: string; description: string; html: string };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export default function staticPageSearch(): AstroIntegration {
  return {
    name: 'static-page-search',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const source = new URL('search-index/pages.json', dir);
        const pages = JSON.parse(await readFile(source, 'utf8')) as StaticPage[];
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        for (const page of pages) {
          const content = `<html lang="en"><head><title>${escapeHtml(page.title)}</title></head><body><main data-pagefind-body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.description)}</p>${page.html}</main></body></html>`;
          const added = await index.addHTMLFile({ url: page.url, content });
          if (added.errors.length) throw new Error(`Pagefind could not index ${page.url}: ${added.errors.join('; ')}`);
        }
        const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('pagefind/', dir)) });
        if (written.errors.length) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
        await pagefind.close();
        await rm(new URL('search-index/', dir), { recursive: true, force: true });
        logger.info(`Indexed ${pages.length} static pages for search`);
      },
    },
  };
}
