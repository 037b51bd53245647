/**
 * The links and pictures of content marketers save. Every save (a draft too) and the live preview refuse raw
 * HTML and any destination off the store's allow-list (safe-destinations.ts), read from the page's Markdown as
 * the renderer reads it (reference-style links resolved, entities decoded), never by pattern on the source.
 * Publishing also checks that each leads somewhere: a page of the store that exists (a static page, a product,
 * a category, a vendor, one of the fixed pages), a picture uploaded to the store, or another site by https,
 * mail or phone. Pictures must be the store's own uploads: the pages' security policy loads pictures from the
 * store only.
 */
import { categoryHref } from '../../lib/category-menu';
import { UPLOADED_IMAGE_PATH, type AnyContent, type ContentByKind, type ContentKind } from '../../lib/site-content';
import { Invalid } from '../errors';
import { fieldRefusal } from '../input-refusals';
import { findProduct } from '../catalog/products';
import { listCategories } from '../catalog/categories';
import { findPublicVendor } from '../catalog/vendors';
import { storedImageSize } from '../media/variants';
import { message, type Message } from '../../lib/messages/message';
import { markdownFindings } from './markdown';
import { destinationKind } from './safe-destinations';

/** The store's own pages that are not content: where a link may lead without a lookup. */
const FIXED_PAGES = new Set([
  '/',
  '/products',
  '/search',
  '/cart',
  '/wishlist',
  '/checkout',
  '/account',
  '/account/orders',
  '/account/addresses',
  '/account/profile',
  '/account/wishlist',
  '/account/settings',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/vendor-dashboard',
]);

type Link = { where: string; url: string; picture: boolean };

/** A destination as a refusal quotes it: visible when empty, cut short when long. */
const quoted = (url: string) => (url === '' ? '""' : url.length > 100 ? `${url.slice(0, 99)}…` : url);

async function linksOf(kind: ContentKind, content: AnyContent): Promise<Link[]> {
  if (kind === 'page') {
    const { links, rawHtml } = await markdownFindings((content as ContentByKind['page']).body);
    if (rawHtml.length > 0) throw new Invalid(fieldRefusal('body', message('contentSafety', 'rawHtml')));
    return links.map(({ url, picture }) => ({ where: picture ? 'body: picture' : 'body: link', url, picture }));
  }
  if (kind === 'promotions') {
    const { tiles, banners } = content as ContentByKind['promotions'];
    return [
      ...tiles.map((tile, i) => ({ where: `tiles.${i}.href`, url: tile.href, picture: false })),
      ...banners.flatMap((banner, i) => [
        { where: `banners.${i}.href`, url: banner.href, picture: false },
        { where: `banners.${i}.image`, url: banner.image, picture: true },
      ]),
    ];
  }
  return [];
}

/** Why an address inside the store leads nowhere, or null when it leads to a page. */
async function internalProblem(url: URL, pageKeys: ReadonlySet<string>): Promise<Message | null> {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (FIXED_PAGES.has(path)) return null;
  if (path.startsWith(UPLOADED_IMAGE_PATH))
    return (await storedImageSize(decodeURIComponent(path.slice(UPLOADED_IMAGE_PATH.length)))) ? null : message('content', 'noSuchUploadedFile');
  const page = /^\/([a-z0-9-]+)$/.exec(path);
  if (page) return pageKeys.has(page[1]!) ? null : message('content', 'noSuchPage');
  const item = /^\/(product|category|vendor)\/(\d{1,9})$/.exec(path);
  if (!item) return message('content', 'noSuchPage');
  const id = Number(item[2]);
  if (item[1] === 'product') return (await findProduct(id)) ? null : message('content', 'noSuchProduct');
  if (item[1] === 'vendor') return (await findPublicVendor(id)) ? null : message('content', 'noSuchVendor');
  return (await listCategories()).some((category) => categoryHref(category.id) === categoryHref(id)) ? null : message('content', 'noSuchCategory');
}

function notAllowed({ url, picture }: Link): Message {
  return message('contentSafety', picture ? 'pictureNotAllowed' : 'linkNotAllowed', quoted(url));
}

async function linkProblem(link: Link, pageKeys: ReadonlySet<string>): Promise<Message | null> {
  const { url, picture } = link;
  const kind = destinationKind(url);
  if (!kind) return notAllowed(link);
  if (picture) {
    if (!url.startsWith(UPLOADED_IMAGE_PATH)) return message('content', 'pictureNotUploaded', url);
    return (await storedImageSize(decodeURIComponent(url.slice(UPLOADED_IMAGE_PATH.length)))) ? null : message('content', 'pictureMissing', url);
  }
  if (kind !== 'store' || /^#[\w-]+$/.test(url)) return null;
  if (!url.startsWith('/')) return message('content', 'linkNotRooted', url);
  const problem = await internalProblem(new URL(url, 'http://store.invalid'), pageKeys);
  return problem && message('content', 'linkLeadsNowhere', url, problem);
}

/**
 * Refuses content with raw HTML or a link or picture off the store's allow-list, naming the first and where it
 * is; an empty one is let through (a draft may be unfinished; publishing refuses it). Gives the links it read.
 */
export async function assertNoScript(kind: ContentKind, content: AnyContent): Promise<Link[]> {
  const links = await linksOf(kind, content);
  const refused = links.find((link) => link.url.trim() !== '' && !destinationKind(link.url));
  if (refused) throw new Invalid(message('content', 'refusedAt', refused.where, notAllowed(refused)));
  return links;
}

/** Refuses content whose links or pictures are not allowed or lead nowhere, naming the first such link and where it is. */
export async function assertLinksResolve(kind: ContentKind, content: AnyContent, pageKeys: ReadonlySet<string>): Promise<void> {
  for (const link of await assertNoScript(kind, content)) {
    const problem = await linkProblem(link, pageKeys);
    if (problem) throw new Invalid(message('content', 'refusedAt', link.where, problem));
  }
}
