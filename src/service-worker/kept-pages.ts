/**
 * What the service worker does to pages it kept, as plain functions of their HTML: the bar that says a page
 * is the phone's copy, and the offline page's list of products the phone can still show (read from the
 * product pages it kept, so it lists only what opens without a connection).
 */
import { formatUGX } from '~/lib/money';
import { OFFLINE_MESSAGES } from '~/lib/messages/offline-messages';

/** A product page kept on the phone, as the offline page lists it. */
export type KeptProduct = { path: string; name: string; price: string; picture: string | null; seenAt: number };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page with the offline bar at the top of its body (the page is otherwise as the phone kept it). */
export function withOfflineBar(html: string): string {
  const bar = `<div class="offline-bar" role="status">${escapeHtml(OFFLINE_MESSAGES.showingKeptPage)}</div>`;
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
    return { path, name: data.name, price: formatUGX(String(data.offers?.price ?? '')), picture, seenAt };
  }
  return null;
}

/**
 * The built files (/_astro/) a page or a built file names: the page's styles and scripts and its islands'
 * code (astro-island's component-url and renderer-url, loaded only when the shopper touches them), and a
 * script's own imports. Kept with the page, the islands still work offline.
 */
export function builtFilesNamedIn(text: string): string[] {
  const files = new Set<string>();
  for (const [, name] of text.matchAll(/["'](?:\.\/|\/?_astro\/)([\w.-]+\.(?:js|css))["']/g)) files.add(`/_astro/${name}`);
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
 * The offline page with its list filled in: each product links to its kept page, with the picture the phone
 * kept (`pictureAddress` finds it) or none.
 */
export function withRecentProducts(offlineHtml: string, products: KeptProduct[], pictureAddress: (file: string) => string | null): string {
  if (products.length === 0) return offlineHtml;
  const items = products
    .map((product) => {
      const address = product.picture ? pictureAddress(product.picture) : null;
      const picture = address
        ? `<img src="${escapeHtml(address)}" alt="" width="64" height="64" loading="lazy" decoding="async">`
        : '<span class="recent-product-blank"></span>';
      return `<li><a href="${escapeHtml(product.path)}">${picture}<span>${escapeHtml(product.name)}</span><strong>${escapeHtml(product.price)}</strong></a></li>`;
    })
    .join('');
  const list = `<h2>${escapeHtml(OFFLINE_MESSAGES.recentProductsHeading)}</h2><p>${escapeHtml(OFFLINE_MESSAGES.recentProductsNote)}</p><ul class="recent-products">${items}</ul>`;
  return offlineHtml.replace(/<div\b[^>]*\bdata-recent-products\b[^>]*>[\s\S]*?<\/div>/, (placeholder) =>
    placeholder.replace(/>[\s\S]*<\/div>$/, `>${list}</div>`),
  );
}
