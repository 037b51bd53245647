/**
 * The static pages' search index (Pagefind), built in memory from the published pages with Pagefind's Node
 * API and served at /pagefind/ by each instance from its own memory: on start, again before a publish on this
 * instance replies, and when another instance announces a change to the content (src/server/cache/purge.ts).
 * Nothing is written to disk, so instances never share or race over index files.
 *
 * One index per language: Pagefind splits pages by their `<html lang>` and the browser loads the index of the
 * page it searches from (`lg-UG` finds `lg`). A language's index holds the pages as its shoppers see them:
 * translated, or the English while not translated, each at its address in that language (/lg/about).
 *
 * The state lives on globalThis: the start script and the built app each load this module, and must share it.
 */
import * as pagefind from 'pagefind';
import { LANGUAGES, pathInLanguage, type Language } from '../../lib/i18n/languages';
import { publishedPages } from './published-content';
import { renderMarkdown } from './markdown';

type IndexState = { files: Map<string, Uint8Array>; building: Promise<void> | null; again: boolean };
const STATE_KEY = Symbol.for('marketplace.pageSearchIndex');
const holder = globalThis as { [STATE_KEY]?: IndexState };
const state = (holder[STATE_KEY] ??= { files: new Map(), building: null, again: false });

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function pageDocuments(): Promise<{ url: string; html: string }[]> {
  return (await Promise.all(LANGUAGES.map(languageDocuments))).flat();
}

async function languageDocuments(language: Language): Promise<{ url: string; html: string }[]> {
  return Promise.all(
    (await publishedPages(language)).map(async ({ key, content }) => {
      const title = content.heading ?? content.title;
      const extra = [
        ...(content.highlights ?? []).map((tile) => `<h2>${escapeHtml(tile.title)}</h2><p>${escapeHtml(tile.text)}</p>`),
        ...(content.faqs ?? []).map((faq) => `<h2>${escapeHtml(faq.question)}</h2><p>${escapeHtml(faq.answer)}</p>`),
      ].join('');
      const html =
        `<html lang="${language}"><head><title>${escapeHtml(title)}</title></head><body><main data-pagefind-body><h1>${escapeHtml(title)}</h1>` +
        `<p>${escapeHtml(content.description)}</p>${await renderMarkdown(content.body, { language })}${extra}</main></body></html>`;
      return { url: pathInLanguage(language, `/${key}`), html };
    }),
  );
}

async function build(): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  try {
    for (const { url, html } of await pageDocuments()) {
      const added = await index.addHTMLFile({ url, content: html });
      if (added.errors.length) throw new Error(`Pagefind could not index ${url}: ${added.errors.join('; ')}`);
    }
    const written = await index.getFiles();
    if (written.errors.length) throw new Error(`Pagefind could not make its index: ${written.errors.join('; ')}`);
    state.files = new Map(written.files.map((file) => [`/pagefind/${file.path.replace(/^\/+/, '')}`, file.content]));
  } finally {
    await index.deleteIndex().catch(() => {});
  }
}

/**
 * Rebuilds the index from the published pages; resolves once an index made after this call is served.
 * Calls during a build share one more build after it rather than one each.
 */
export function rebuildPageSearchIndex(): Promise<void> {
  state.again = true;
  state.building ??= (async () => {
    try {
      while (state.again) {
        state.again = false;
        await build();
      }
    } finally {
      state.building = null;
    }
  })();
  return state.building;
}

/** A file of the current index by its address (/pagefind/pagefind.js ...), or undefined. */
export function pageSearchFile(pathname: string): Uint8Array | undefined {
  return state.files.get(pathname);
}

/** Stops Pagefind's helper process (on shutdown). */
export async function closePageSearch(): Promise<void> {
  await pagefind.close().catch(() => {});
}
