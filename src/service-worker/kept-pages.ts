/**
 * What the service worker does to pages it kept, as plain functions of their HTML: the bar that says a page
 * is the phone's copy, and the offline page's list of products the phone can still show (read from the
 * product pages it kept, so it lists only what opens without a connection). Both speak the page's own
 * language (its `<html lang>`), from the catalogues' offline texts: the worker carries only those.
 */
import { formatUGX } from '~/lib/money';
import { languageOfTag, type Language } from '~/lib/i18n/languages';
import english from '~/lib/i18n/en/errors';
import luganda from '~/lib/i18n/lg/errors';
import swahili from '~/lib/i18n/sw/errors';
import type { IslandTexts } from '~/lib/i18n/en/islands';

const OFFLINE_WORDS: Record<Language, IslandTexts['errors']['offline']> = { en: english.offline, lg: luganda.offline, sw: swahili.offline };

/** A product page kept on the phone, as the offline page lists it: `price` in whole shillings. */
export type KeptProduct = { path: string; name: string; price: number; picture: string | null; seenAt: number };

/** The language a page is written in, as its `<html lang>` says (English when it says none of ours). */
export function languageOfPage(html: string): Language {
  return languageOfTag(/<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page with the offline bar at the top of its body (the page is otherwise as the phone kept it). */
export function withOfflineBar(html: string): string {
  const bar = `<div class="offline-bar" role="status">${escapeHtml(OFFLINE_WORDS[languageOfPage(html)].showingKeptPage)}</div>`;
  return html.replace(/<body\b[^>]*>/i, (body) => body + bar);
}

type ProductJsonLd = { '@type'?: unknown; name?: unknown; image?: unknown; offers?: { price?: unknown } };

/** The product a kept product page shows (its JSON-LD), or null when the page has none. */
export function keptProductFrom(html: string, path: string, seenAt: number): KeptProduct | null {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    let data: ProductJsonLd;
    try {
      data = JSON.parse(json!) as ProductJsonLd;
    } catch {
      continue;
    }
    if (data['@type'] !== 'Product' || typeof data.name !== 'string') continue;
    const images = Array.isArray(data.image) ? data.image : [data.image];
    const first = images.find((image): image is string => typeof image === 'string');
    // The picture's file name: the page names the original, the phone may have kept any size of it.
    const picture = first ? decodeURIComponent(first.slice(first.lastIndexOf('/') + 1)) : null;
    const price = Number(data.offers?.price);
    return { path, name: data.name, price: Number.isFinite(price) ? price : 0, picture, seenAt };
  }
  return null;
}

/** A built file's name as a page or a script writes it (`/_astro/x.js`, `_astro/x.css`, `./x.js`), the name captured. */
export const BUILT_FILE_NAME = /["'](?:\.\/|\/?_astro\/)([\w.-]+\.(?:js|css))["']/.source;

/**
 * The built files (/_astro/) a page or a built file names: the page's styles and scripts and its islands'
 * code (astro-island's component-url and renderer-url, loaded only when the shopper touches them), and a
 * script's own imports. Kept with the page, the islands still work offline.
 */
export function builtFilesNamedIn(text: string): string[] {
  const files = new Set<string>();
  for (const [, name] of text.matchAll(new RegExp(BUILT_FILE_NAME, 'g'))) files.add(`/_astro/${name}`);
  return [...files];
}

/** Whether the page was made for a phone saving data (Layout.astro marks its <html>). */
export function madeForSavingData(html: string): boolean {
  return /<html\b[^>]*\bdata-saves-data\b/i.test(html);
}

/** The most recently seen first, at most `limit`. */
export function mostRecent(products: KeptProduct[], limit: number): KeptProduct[] {
  return [...products].sort((a, b) => b.seenAt - a.seenAt).slice(0, limit);
}

/**
 * The offline page with its list filled in, in the page's language: each product links to its kept page, with
 * the picture the phone kept (`pictureAddress` finds it) or none.
 */
export function withRecentProducts(offlineHtml: string, products: KeptProduct[], pictureAddress: (file: string) => string | null): string {
  if (products.length === 0) return offlineHtml;
  const language = languageOfPage(offlineHtml);
  const words = OFFLINE_WORDS[language];
  const items = products
    .map((product) => {
      const address = product.picture ? pictureAddress(product.picture) : null;
      const picture = address
        ? `<img src="${escapeHtml(address)}" alt="" width="64" height="64" loading="lazy" decoding="async">`
        : '<span class="recent-product-blank"></span>';
      return `<li><a href="${escapeHtml(product.path)}">${picture}<span>${escapeHtml(product.name)}</span><strong>${escapeHtml(formatUGX(product.price, language))}</strong></a></li>`;
    })
    .join('');
  const list = `<h2>${escapeHtml(words.recentProductsHeading)}</h2><p>${escapeHtml(words.recentProductsNote)}</p><ul class="recent-products">${items}</ul>`;
  return offlineHtml.replace(/<div\b[^>]*\bdata-recent-products\b[^>]*>[\s\S]*?<\/div>/, (placeholder) =>
    placeholder.replace(/>[\s\S]*<\/div>$/, `>${list}</div>`),
  );
}
