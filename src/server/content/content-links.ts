/**
 * Whether the links and pictures of content about to be published lead somewhere: a page of the store that
 * exists (a static page, a product, a category, a vendor, one of the fixed pages), a picture uploaded to the
 * store, or another site by https, mail or phone. Pictures must be the store's own uploads: the pages'
 * security policy loads pictures from the store only.
 */
import { categoryHref } from '../../lib/category-menu';
import { UPLOADED_IMAGE_PATH, type AnyContent, type ContentByKind, type ContentKind } from '../../lib/site-content';
import { Invalid } from '../errors';
import { findProduct } from '../catalog/products';
import { listCategories } from '../catalog/categories';
import { findPublicVendor } from '../catalog/vendors';
import { storedImageSize } from '../media/variants';

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

const MARKDOWN_LINK = /(!?)\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;

function linksOf(kind: ContentKind, content: AnyContent): Link[] {
  if (kind === 'page') {
    const { body } = content as ContentByKind['page'];
    return [...body.matchAll(MARKDOWN_LINK)].map(([, bang, url]) => ({ where: bang ? 'body: picture' : 'body: link', url: url!, picture: bang === '!' }));
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
async function internalProblem(url: URL, pageKeys: ReadonlySet<string>): Promise<string | null> {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (FIXED_PAGES.has(path)) return null;
  if (path.startsWith(UPLOADED_IMAGE_PATH))
    return (await storedImageSize(decodeURIComponent(path.slice(UPLOADED_IMAGE_PATH.length)))) ? null : 'no such uploaded file';
  const page = /^\/([a-z0-9-]+)$/.exec(path);
  if (page) return pageKeys.has(page[1]!) ? null : 'no such page';
  const item = /^\/(product|category|vendor)\/(\d{1,9})$/.exec(path);
  if (!item) return 'no such page';
  const id = Number(item[2]);
  if (item[1] === 'product') return (await findProduct(id)) ? null : 'no such product';
  if (item[1] === 'vendor') return (await findPublicVendor(id)) ? null : 'no such vendor';
  return (await listCategories()).some((category) => categoryHref(category.id) === categoryHref(id)) ? null : 'no such category';
}

async function linkProblem(link: Link, pageKeys: ReadonlySet<string>): Promise<string | null> {
  const { url, picture } = link;
  if (picture) {
    if (!url.startsWith(UPLOADED_IMAGE_PATH)) return `${url} is not a picture uploaded to the store (use the Add a picture button)`;
    return (await storedImageSize(decodeURIComponent(url.slice(UPLOADED_IMAGE_PATH.length)))) ? null : `${url} is not a picture uploaded to the store`;
  }
  if (/^(https?:\/\/[^\s/]+|mailto:\S+@\S+|tel:\+?[\d ]+$)/i.test(url) || /^#[\w-]+$/.test(url)) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return `${url} must start with / (a page of the store) or https://`;
  const problem = await internalProblem(new URL(url, 'http://store.invalid'), pageKeys);
  return problem && `${url} leads nowhere (${problem})`;
}

/** Refuses content whose links or pictures lead nowhere, naming the first such link and where it is. */
export async function assertLinksResolve(kind: ContentKind, content: AnyContent, pageKeys: ReadonlySet<string>): Promise<void> {
  for (const link of linksOf(kind, content)) {
    const problem = await linkProblem(link, pageKeys);
    if (problem) throw new Invalid(`${link.where}: ${problem}`);
  }
}
