/**
 * The names cached pages carry for what they show, and the one way a page asks to be cached. A write drops
 * the tags of what it changed (src/server/cache/purge.ts): an order drops its products' pages and the lists
 * they can appear in; a change to the catalogue's shape drops `menu`, which every page carries because the
 * header's category menu is on every page. Every page also carries its language's tag, for what is written
 * per language on every page (the promotions, the contact details).
 */
import type { AstroGlobal } from 'astro';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages';
import { edgeKeeps } from './edge-tags';

export const pageTags = {
  /** Every storefront page: the header's category menu. */
  menu: 'menu',
  /** Lists over the whole catalogue: the home page's sections and /products. */
  allProducts: 'products',
  product: (id: number) => `product:${id}`,
  /** Lists within a category (its own page, /products?category=, related products of its products). */
  category: (id: number) => `category:${id}`,
  vendor: (id: number) => `vendor:${id}`,
  /** Pages that show the commission rates (the Sell page, in every language). */
  commissionRates: 'commission-rates',
  /**
   * A static page's content in a language: the page at /{slug} carries the English one, /lg/{slug} the Luganda
   * one and, while it shows the English instead, the English one too, so publishing either drops it.
   */
  staticPage: (slug: string, language: Language = DEFAULT_LANGUAGE) => (language === DEFAULT_LANGUAGE ? `page:${slug}` : `page:${language}:${slug}`),
  /** Every page in a language: the header's promotions and the footer's contact details in that language. */
  language: (language: Language) => `language:${language}`,
} as const;

/**
 * Marks the page being rendered as the same for every visitor, kept in the store's page cache for `ttlMs`
 * (and served stale as long again while it renders anew) under the tags of what it shows. Browsers are told
 * to ask every time (`no-cache`): the reply is a 304 from memory when nothing changed, and a shopper never
 * sees a price or stock older than the last write. An edge cache in front of the store may keep it under the
 * same tags (for at most the page's own time and EDGE_CACHE_SECONDS); the write that drops it here purges it there.
 */
export function cachePage(astro: Pick<AstroGlobal, 'cache' | 'response' | 'locals'>, ttlMs: number, tags: string[]): void {
  const seconds = Math.round(ttlMs / 1000);
  const allTags = [...new Set([pageTags.menu, pageTags.language(astro.locals.i18n.language), ...tags])];
  astro.cache.set({ maxAge: seconds, swr: seconds, tags: allTags });
  astro.response.headers.set('Cache-Control', 'public, no-cache');
  for (const [name, value] of Object.entries(edgeKeeps(allTags, seconds))) astro.response.headers.set(name, value);
}
