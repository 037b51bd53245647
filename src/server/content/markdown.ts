/**
 * The store's Markdown rendering, the same processor Astro uses for Markdown (Sätteri: GitHub-flavoured
 * Markdown, smart punctuation, heading ids), run on the server for published pages, drafts and the editor's
 * live preview alike, so what a marketer previews is what shoppers get.
 *
 * Three things differ from Astro's Markdown. Raw HTML is shown as text (saving refuses it, but a text stored
 * before may hold some). Every link and picture is checked on the rendered tree against the store's allow-list
 * (safe-destinations.ts), whatever way the Markdown wrote it (inline, reference-style, autolink, entities), and
 * one that is not allowed loses its address; the same walk tells the editor's checks what a text holds
 * (`markdownFindings`), so what is checked is exactly what is rendered. And a picture from the store's uploads
 * becomes a pre-sized <picture> (AVIF, WebP, JPEG,
 * src/server/media/variants.ts) with its width and height, so it costs a phone little and shifts nothing
 * (and less in data-saver mode: lighter pictures a step smaller, as for product pictures). Links to the store's
 * pages lead to them in the page's language (`/help` on a Luganda page is `/lg/help`); uploaded files keep their address.
 * A line `{{commission-rates}}` becomes the table of commission rates as the store charges them.
 */
import { createSatteriMarkdownProcessor, type SatteriMarkdownProcessorOptions } from '@astrojs/markdown-satteri';
import { pictureCandidates, srcsetOf, type OfferedWidth } from '../../lib/image-variants';
import { UPLOADED_IMAGE_PATH } from '../../lib/site-content';
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from '../../lib/i18n/languages';
import { COMMISSION_RATES_MARKER, commissionTableHtml, splitAtCommissionRates, type CommissionRate } from '../../lib/commission-table';
import { pageTranslator } from '../../lib/i18n/catalogues';
import { listCommissionRates } from '../payouts/commission';
import { catalogueNames } from '../catalog/catalogue-words';
import { catalogueName } from '../../lib/catalogue-names';
import { storedImageSize } from '../media/variants';
import { isAllowedDestination } from './safe-destinations';

const PICTURE_WIDTHS: OfferedWidth[] = [480, 800, 1200];
const PICTURE_SIZES = '(min-width: 860px) 760px, 100vw';

const UPLOADED_IMG = new RegExp(`<img src="${UPLOADED_IMAGE_PATH.replace(/\//g, '\\/')}([^"]+)" alt="([^"]*)"([^>]*)>`, 'g');
/** A link to a page of the store (not another site, not an uploaded file). */
const PAGE_LINK = new RegExp(`<a href="(/(?!/|${UPLOADED_IMAGE_PATH.slice(1)})[^"]*)"`, 'g');

/** What a page's Markdown holds, as rendered: each link's and picture's address, and any raw HTML. */
export type MarkdownFindings = { links: { url: string; picture: boolean }[]; rawHtml: string[] };

type HastPlugin = NonNullable<SatteriMarkdownProcessorOptions['hastPlugins']>[number];

/** Shows raw HTML as text and takes the address off a link or picture the store does not allow, noting both. */
function storeRules(findings: MarkdownFindings): HastPlugin {
  return {
    name: 'store-rules',
    raw(node, ctx) {
      findings.rawHtml.push(node.value);
      ctx.replaceNode(node, { type: 'text', value: node.value });
    },
    element: {
      filter: ['a', 'img'],
      visit(node, ctx) {
        const attribute = node.tagName === 'a' ? 'href' : 'src';
        const url = node.properties?.[attribute];
        if (typeof url !== 'string') return;
        findings.links.push({ url, picture: node.tagName === 'img' });
        if (!isAllowedDestination(url)) ctx.setProperty(node, attribute, null);
      },
    },
  };
}

/** One render with the store's rules (a processor per render, so each keeps its own findings). */
async function rendered(markdown: string): Promise<{ code: string; findings: MarkdownFindings }> {
  const findings: MarkdownFindings = { links: [], rawHtml: [] };
  const processor = await createSatteriMarkdownProcessor({ syntaxHighlight: false, hastPlugins: [storeRules(findings)] });
  const { code } = await processor.render(markdown);
  return { code, findings };
}

/** The links, pictures and raw HTML of a page's Markdown, exactly as the renderer reads them. */
export async function markdownFindings(markdown: string): Promise<MarkdownFindings> {
  return (await rendered(markdown)).findings;
}

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
  {
    light = false,
    language = DEFAULT_LANGUAGE,
    commissionRates = listCommissionRates,
  }: { light?: boolean; language?: Language; commissionRates?: () => Promise<CommissionRate[]> } = {},
): Promise<string> {
  const { code } = await rendered(markdown);
  const pictures = await Promise.all([...code.matchAll(UPLOADED_IMG)].map(([, file, alt, rest]) => pictureFor(file!, alt!, rest!, light)));
  let index = 0;
  const html = await withCommissionRates(
    code.replace(UPLOADED_IMG, () => pictures[index++]!),
    language,
    commissionRates,
  );
  return language === DEFAULT_LANGUAGE ? html : html.replace(PAGE_LINK, (_, href: string) => `<a href="${pathInLanguage(language, href)}"`);
}

/**
 * The commission rates as charged where the text has the `{{commission-rates}}` line (src/lib/commission-table.ts),
 * in the page's language; a page showing them is tagged `commission-rates` ([page].astro), so a rate change drops it.
 */
async function withCommissionRates(html: string, language: Language, commissionRates: () => Promise<CommissionRate[]>): Promise<string> {
  const around = splitAtCommissionRates(html);
  if (!around) return html;
  const { t, fill, money } = pageTranslator(language);
  const [rates, names] = await Promise.all([commissionRates(), catalogueNames(language)]);
  const categoryName = (category: string) => catalogueName(names, 'category', category);
  return around[0] + commissionTableHtml(rates, t.pages.commissionRates, { fill, money }, categoryName) + around[1];
}

/** Markdown as plain words, for search excerpts. */
export function plainText(markdown: string): string {
  return markdown
    .replaceAll(COMMISSION_RATES_MARKER, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_>`|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
