/**
 * Where a link or a picture on a marketer's page may lead: the allow-list every destination is checked against,
 * in drafts, at publish and again by the renderer. A destination is read as a browser's URL parser reads it
 * (https://url.spec.whatwg.org/#concept-basic-url-parser: controls and spaces around it dropped, tabs and
 * newlines inside it dropped, `\` read as `/`), so `  JaVaScRiPt:`, `java\tscript:` or `/\evil.example` are
 * judged as what they become, not as what they look like.
 *
 * Allowed: the store's own paths (`/help`, `help`, `#top`, `?q=…`; never `//host` or `/\host`, which leave the
 * store), `https:` with a host, `mailto:` with an address, `tel:` with a number. Everything else is refused,
 * `http:` too: the store and every site it links to are served over https. A relative path is only plain
 * segment characters before its first `/`, so percent- or entity-encoded schemes (`java%73cript:`,
 * `jav&#x61;script:`) are refused rather than left for a browser to read.
 */

import type { Promotions } from '../../lib/site-content';

/** What an allowed destination is. */
export type DestinationKind = 'store' | 'https' | 'mailto' | 'tel';

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/** A relative path's first segment, up to its first `/`, `?` or `#`: plain characters only. */
const RELATIVE_PATH = /^(?:\.{1,2}|[A-Za-z0-9_~-][A-Za-z0-9._~-]*)(?:[/?#]|$)/;
const MAILTO = /^mailto:[^\s@]+@[^\s@]+$/i;
const TEL = /^tel:\+?[\d ().-]{3,30}$/i;

/** Whether a character is a C0 control or a space, which a browser's URL parser drops at either end. */
const isControlOrSpace = (character: string) => character.charCodeAt(0) <= 0x20;

/** `text` without C0 controls and spaces at either end. */
function trimControls(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isControlOrSpace(text[start]!)) start++;
  while (end > start && isControlOrSpace(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** The destination as a browser's URL parser sees it before it looks for a scheme. */
function asBrowserReads(destination: string): string {
  return trimControls(destination)
    .replace(/[\t\n\r]/g, '')
    .replace(/\\/g, '/');
}

function withScheme(destination: string, scheme: string): DestinationKind | null {
  if (scheme === 'https') return URL.canParse(destination) && new URL(destination).hostname !== '' ? 'https' : null;
  if (scheme === 'mailto') return MAILTO.test(destination) ? 'mailto' : null;
  if (scheme === 'tel') return TEL.test(destination) ? 'tel' : null;
  return null;
}

/** What `destination` (an href or a picture's src, as the page will carry it) is, or null when the store does not allow it. */
export function destinationKind(destination: string): DestinationKind | null {
  const read = asBrowserReads(destination);
  if (read === '') return null;
  const scheme = SCHEME.exec(read);
  if (scheme) return withScheme(read, scheme[1]!.toLowerCase());
  if (read.startsWith('//')) return null;
  if (read.startsWith('/') || read.startsWith('#') || read.startsWith('?')) return 'store';
  return RELATIVE_PATH.test(read) ? 'store' : null;
}

/** Whether the store lets a page link or show a picture from `destination`. */
export const isAllowedDestination = (destination: string): boolean => destinationKind(destination) !== null;

/** The promotions with every link the store does not allow made harmless (`#`): for a draft saved before the allow-list. */
export function withAllowedLinks(promotions: Promotions): Promotions {
  const allowed = (href: string) => (isAllowedDestination(href) ? href : '#');
  return {
    tiles: promotions.tiles.map((tile) => ({ ...tile, href: allowed(tile.href) })),
    banners: promotions.banners.map((banner) => ({ ...banner, href: allowed(banner.href), image: allowed(banner.image) })),
  };
}
