/**
 * The store's Markdown rendering, the same processor Astro uses for Markdown (Sätteri: GitHub-flavoured
 * Markdown, smart punctuation, heading ids), run on the server for published pages, drafts and the editor's
 * live preview alike, so what a marketer previews is what shoppers get.
 *
 * Two things differ from Astro's Markdown: raw HTML is shown as text (a draft may hold some; publishing
 * refuses it), and a picture from the store's uploads becomes a pre-sized <picture> (AVIF, WebP, JPEG,
 * src/server/media/variants.ts) with its width and height, so it costs a phone little and shifts nothing
 * (and less in data-saver mode: lighter pictures a step smaller, as for product pictures). Links to the store's
 * pages lead to them in the page's language (`/help` on a Luganda page is `/lg/help`); uploaded files keep their address.
 */
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { pictureCandidates, srcsetOf, type OfferedWidth } from '../../lib/image-variants';
import { UPLOADED_IMAGE_PATH } from '../../lib/site-content';
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from '../../lib/i18n/languages';
import { storedImageSize } from '../media/variants';

type Renderer = Awaited<ReturnType<typeof createSatteriMarkdownProcessor>>;
let renderer: Promise<Renderer> | undefined;

const PICTURE_WIDTHS: OfferedWidth[] = [480, 800, 1200];
const PICTURE_SIZES = '(min-width: 860px) 760px, 100vw';

/** A `<` that would open an HTML tag or comment, except in an autolink (<https://…>, <mailto:…>). */
const HTML_START = /<(?!(?:https?:\/\/|mailto:)[^>\s]*>)(?=[a-zA-Z/!?])/g;
const UPLOADED_IMG = new RegExp(`<img src="${UPLOADED_IMAGE_PATH.replace(/\//g, '\\/')}([^"]+)" alt="([^"]*)"([^>]*)>`, 'g');
/** A link to a page of the store (not another site, not an uploaded file). */
const PAGE_LINK = new RegExp(`<a href="(/(?!/|${UPLOADED_IMAGE_PATH.slice(1)})[^"]*)"`, 'g');

async function pictureFor(file: string, alt: string, rest: string, light: boolean): Promise<string> {
  const name = decodeURIComponent(file);
  const size = await storedImageSize(name);
  const widths = PICTURE_WIDTHS.filter((width) => !size || width <= Math.max(size.width, PICTURE_WIDTHS[0]!));
  const candidates = pictureCandidates(name, widths, light);
  const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
  return (
    `<picture><source type="image/avif" srcset="${srcsetOf(candidates, 'avif')}" sizes="${PICTURE_SIZES}">` +
    `<source type="image/webp" srcset="${srcsetOf(candidates, 'webp')}" sizes="${PICTURE_SIZES}">` +
    `<img src="${candidates.at(-1)!.path('jpeg')}" srcset="${srcsetOf(candidates, 'jpeg')}" sizes="${PICTURE_SIZES}" alt="${alt}"${rest}${dimensions} loading="lazy" decoding="async"></picture>`
  );
}

/**
 * A page's Markdown as HTML; `light`: its pictures as data-saver mode shows them; `language`: the language of
 * the page it is shown on, which its links to the store's pages keep.
 */
export async function renderMarkdown(
  markdown: string,
  { light = false, language = DEFAULT_LANGUAGE }: { light?: boolean; language?: Language } = {},
): Promise<string> {
  renderer ??= createSatteriMarkdownProcessor({ syntaxHighlight: false });
  const { code } = await (await renderer).render(markdown.replace(HTML_START, '\\<'));
  const pictures = await Promise.all([...code.matchAll(UPLOADED_IMG)].map(([, file, alt, rest]) => pictureFor(file!, alt!, rest!, light)));
  let index = 0;
  const html = code.replace(UPLOADED_IMG, () => pictures[index++]!);
  return language === DEFAULT_LANGUAGE ? html : html.replace(PAGE_LINK, (_, href: string) => `<a href="${pathInLanguage(language, href)}"`);
}

/** Markdown as plain words, for search excerpts. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_>`|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
