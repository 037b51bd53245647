import { describe, expect, it } from 'vitest';
import {
  builtFilesNamedIn,
  keptProductFrom,
  mostRecent,
  madeForSavingData,
  withOfflineBar,
  withRecentProducts,
  type KeptProduct,
} from '~/service-worker/kept-pages';

const productPage = (name: string, price: number, image = 'http://localhost:4321/storage/images/p-phone-1.jpg') =>
  `<html><head><script type="application/ld+json">{"@type":"BreadcrumbList"}</script>` +
  `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name, image: [image], offers: { price } })}</script></head><body class="x"><main>…</main></body></html>`;

const OFFLINE_PAGE =
  '<body><main><h1>You are offline</h1><div class="recent-products-panel" data-recent-products><p>Products you look at…</p></div><p>after</p></main></body>';

describe('the offline bar', () => {
  it('goes first in the body, once, and leaves the rest of the page as it was', () => {
    const html = withOfflineBar('<html><body class="page" data-x="1"><main>Hello</main></body></html>');
    expect(html).toBe(
      '<html><body class="page" data-x="1"><div class="offline-bar" role="status">You are offline — showing the page as you last saw it</div><main>Hello</main></body></html>',
    );
  });

  it("speaks the page's language", () => {
    expect(withOfflineBar('<html lang="lg-UG" data-theme="light"><body>')).toContain('>Toli ku mutimbagano — olaba olupapula');
    expect(withOfflineBar('<html lang="sw-UG"><body>')).toContain('>Hauko mtandaoni — unaona ukurasa');
    expect(withOfflineBar('<html lang="en-UG"><body>')).toContain('>You are offline — showing');
  });
});

describe('a kept product page', () => {
  it('gives the product its JSON-LD names, with the price in UGX and the picture by file name', () => {
    expect(keptProductFrom(productPage('Tecno Spark 20', 450000, 'http://x/storage/images/p%20phone.jpg'), '/product/7', 5)).toEqual({
      path: '/product/7',
      name: 'Tecno Spark 20',
      price: 450000,
      picture: 'p phone.jpg',
      seenAt: 5,
    });
  });

  it('is no product when the page has none, or its JSON-LD does not parse', () => {
    expect(keptProductFrom('<html><body>About us</body></html>', '/about', 1)).toBeNull();
    expect(keptProductFrom('<script type="application/ld+json">{not json</script>', '/product/1', 1)).toBeNull();
  });
});

describe('the offline page list', () => {
  const product = (name: string, seenAt: number, picture: string | null = 'p.jpg'): KeptProduct => ({
    path: `/product/${seenAt}`,
    name,
    price: 1000,
    picture,
    seenAt,
  });

  it('lists the latest seen first, at most as many as asked', () => {
    const list = mostRecent([product('a', 1), product('c', 3), product('b', 2)], 2);
    expect(list.map(({ name }) => name)).toEqual(['c', 'b']);
  });

  it('fills the placeholder with links, the kept pictures, and escaped names', () => {
    const html = withRecentProducts(OFFLINE_PAGE, [product('<b>Jerrycan</b> & tap', 2), product('Basin', 1, null)], (file) =>
      file === 'p.jpg' ? '/img/160/avif/p.jpg' : null,
    );
    expect(html).toContain('<h2>Products you looked at recently</h2>');
    expect(html).toContain(
      '<a href="/product/2"><img src="/img/160/avif/p.jpg" alt="" width="64" height="64" loading="lazy" decoding="async"><span>&#60;b&#62;Jerrycan&#60;/b&#62; &#38; tap</span>',
    );
    expect(html).toContain('<a href="/product/1"><span class="recent-product-blank"></span><span>Basin</span>');
    expect(html).not.toContain('Products you look at…');
    expect(html).toContain('</div><p>after</p>');
  });

  it("lists them in the offline page's language, with money as it writes it", () => {
    const luganda = OFFLINE_PAGE.replace('<body>', '<html lang="lg-UG"><body>');
    const html = withRecentProducts(luganda, [{ ...product('Basin', 1, null), path: '/lg/product/1', price: 12500 }], () => null);
    expect(html).toContain('<h2>Ebintu by&#39;otunuulidde gye buvuddeko</h2>');
    expect(html).toContain('<a href="/lg/product/1"><span class="recent-product-blank"></span><span>Basin</span><strong>12,500 UGX</strong>');
  });

  it('leaves the page as it is when the phone kept no product', () => {
    expect(withRecentProducts(OFFLINE_PAGE, [], () => null)).toBe(OFFLINE_PAGE);
  });
});

describe('the built files a page needs', () => {
  it('are its styles, scripts and islands, and the imports of its scripts', () => {
    const html =
      '<link rel="stylesheet" href="/_astro/index.B1.css"><astro-island component-url="/_astro/AddToCart.X1.js" renderer-url="/_astro/client.Y2.js"></astro-island><a href="/about">';
    expect(builtFilesNamedIn(html)).toEqual(['/_astro/index.B1.css', '/_astro/AddToCart.X1.js', '/_astro/client.Y2.js']);
    const script = 'import{j as a}from"./jsx-runtime.Q.js";const b=()=>import("./Drawer.Z9.js");const c=["_astro/preload.W.js"];';
    expect(builtFilesNamedIn(script)).toEqual(['/_astro/jsx-runtime.Q.js', '/_astro/Drawer.Z9.js', '/_astro/preload.W.js']);
  });
});

describe('a page for a phone saving data', () => {
  it('is known by the mark on its <html>', () => {
    expect(madeForSavingData('<!doctype html><html lang="en-UG" data-theme="light" data-saves-data><body>')).toBe(true);
    expect(madeForSavingData('<!doctype html><html lang="en-UG" data-theme="light"><body data-saves-data>')).toBe(false);
  });
});
