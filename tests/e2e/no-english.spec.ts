/**
 * No English on a Luganda or Swahili page: a shopper with a cart, a saved address, an order and a wishlist walks
 * every shopper page in each language — home, categories and their filters, a product with colours and sizes,
 * search, cart, checkout, login, account pages, the order page, the wishlist and the static pages — and the test
 * fails on any common English interface word left in what the page says (its text, placeholders and labels).
 * Left out are what vendors and shoppers wrote: product names and descriptions, specification values, reviews,
 * brands and shop names, and text the page itself marks as English (a static page not yet translated).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inStockProducts, registerShopper, storeLogin, type Product } from './shoppers';
import vendorsFile from '../../src/server/demo-data/catalogue/vendors.json' with { type: 'json' };

/**
 * Words an English interface says and no Luganda or Swahili one does: its verbs and nouns, the catalogue's
 * category, colour, specification and region names, and the small words of any English sentence. Words the
 * languages borrow as they are (SMS, Bluetooth, UGX) and names (English, the language switch's) are not here.
 */
const ENGLISH_WORDS = new Set(
  `
  the and with your you for from this that are was will have has not our all any more less
  add added cart checkout search email password login log sign register account orders order wishlist
  delivery address addresses deliver delivered shipped placed pending cancelled paid pay payment
  price prices filter filters sort newest popular popularity clear apply show view items item total subtotal
  quantity remove save saved continue cancel edit close menu back next previous page results
  product products review reviews rating stock sold left buy description specifications share
  categories category home help contact about profile settings logout welcome hello
  colour color size brand material warranty weight capacity storage processor screen fit care gender
  black white red blue green grey gray pink yellow brown navy maroon beige purple silver gold
  central eastern western northern region
  agriculture automotive fashion clothing shoes furniture supermarket beverages laptops smartphones
  tablets televisions bicycles football sportswear makeup fragrances textbooks kitchen appliances accessories
  `
    .trim()
    .split(/\s+/),
);

type Language = { code: 'lg' | 'sw'; tag: string; searchFor: string };
const LANGUAGES: Language[] = [
  { code: 'lg', tag: 'lg-UG', searchFor: 'sabuuni' },
  { code: 'sw', tag: 'sw-UG', searchFor: 'sabuni' },
];

const SHOP_NAMES = vendorsFile.vendors.map((vendor) => vendor.business);

/** What vendors and shoppers wrote, or the page marks as English: not the interface's words. */
const WRITTEN_BY_OTHERS = [
  'body [lang^="en"]',
  '.card-title',
  '.cart-line-name',
  '.buy-box h1',
  '.description',
  '.specs td',
  '.reviews .review',
  '.vendor-card',
  'label:has(input[name="brand"])',
  'script',
  'style',
  'noscript',
  'template',
].join(', ');

/** The English interface words a page shows, each with a little of the text around it. */
async function englishOn(page: Page, productNames: string[]): Promise<string[]> {
  // Every text node (shown or not yet: a closed menu, a hint for a choice still to make), each on its own.
  const { texts, names } = await page.evaluate((skip) => {
    const said: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest(skip)) said.push(node.nodeValue ?? '');
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (element.closest(skip)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) said.push(element.getAttribute(name) ?? '');
    }
    // The names of the products the page lists, which sentences around them may repeat ("Teeka … mu kikapu").
    const listed = [...document.querySelectorAll('.card-title, .cart-line-name, .buy-box h1')].map((element) => element.textContent?.trim() ?? '');
    return { texts: said.filter((text) => text.trim() !== ''), names: listed.filter(Boolean) };
  }, WRITTEN_BY_OTHERS);
  const written = [...new Set([...names, ...productNames, ...SHOP_NAMES])].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (let text of texts) {
    for (const name of written) text = text.split(name).join(' ');
    text = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
    for (const match of text.matchAll(/[A-Za-z][A-Za-z']*/g)) {
      const word = match[0].toLowerCase().replace(/'s$/, '');
      if (ENGLISH_WORDS.has(word)) found.push(`"${match[0]}" in "…${text.slice(Math.max(0, match.index - 30), match.index + 30).replace(/\s+/g, ' ')}…"`);
    }
  }
  return found;
}

/** A product a shopper chooses a colour and a size of, and nothing else. */
const hasColoursAndSizes = (p: Product) =>
  p.has_colors === 'Yes' && p.has_sizes === 'Yes' && Object.keys(p.variants ?? {}).every((option) => option === 'Color' || option === 'Size');

for (const language of LANGUAGES) {
  test(`every shopper page in ${language.code} says its words in ${language.code}`, { tag: '@any-size' }, async ({ page }) => {
    test.setTimeout(240_000);
    const products = await inStockProducts(page);
    const product = products.find((p) => hasColoursAndSizes(p) && p.stock.total_items - p.stock.items_sold >= 3)!;
    expect(product, 'a product with colours and sizes').toBeTruthy();
    const productNames = products.map((p) => p.name as string).sort((a, b) => b.length - a.length);
    // The same product page in English says what the check looks for: its colour, size and cart words.
    await page.goto(`/product/${product.id}`);
    expect((await englishOn(page, productNames)).join(' ')).toMatch(/"Colour".*"Size"/);

    const shopper = await registerShopper(page, `words-${language.code}`);
    await storeLogin(page, shopper);
    const headers = { Authorization: `Bearer ${shopper.token}`, 'Accept-Language': language.tag };
    const [color] = product.colors.split(',').map((value: string) => value.trim());
    const [size] = product.sizes.split(',').map((value: string) => value.trim());
    const location = (await (await page.request.get('/api/manifest')).json()).data.delivery_locations.find(
      (place: { region: string }) => place.region === 'Central',
    );
    const address = { name: 'Nakato Sarah', phone: '0772 410 220', delivery_location_id: location.id, address: 'Plot 12, Kira Road' };
    expect((await page.request.post('/api/addresses', { headers, data: address })).ok()).toBe(true);
    const placed = await page.request.post('/api/orders', {
      headers,
      data: {
        items: [{ product_id: product.id, quantity: 1, color, size }],
        customer_name: address.name,
        customer_phone: address.phone,
        delivery_location_id: location.id,
        delivery_address: address.address,
        payment_gateway: 'cash_on_delivery',
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()).data;
    expect((await page.request.post('/api/wishlist', { headers, data: { product_id: product.id } })).ok()).toBe(true);

    // The product in the cart, in a colour and a size, as the shopper puts it there.
    const prefix = `/${language.code}`;
    await page.goto(`${prefix}/product/${product.id}`);
    const choices = page.locator('form.choices');
    await choices.locator(`input[name="color"][value="${color}"]`).check();
    await choices.locator(`input[name="size"][value="${size}"]`).check();
    await choices.locator('button.add-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();

    const categories = (await (await page.request.get('/api/categories')).json()).data as { id: number; parent_id: number | null }[];
    const child = categories.find((category) => category.id === product.sub_category)!;
    const pages = [
      '/',
      `/category/${product.category}`,
      `/category/${child.id}`,
      `/products?category=${child.id}&color=${encodeURIComponent(color)}`,
      `/product/${product.id}`,
      '/search',
      `/products?search=${language.searchFor}`,
      '/cart',
      '/delivery-address',
      '/checkout',
      `/account/orders/${order.id}`,
      '/account',
      '/account/orders',
      '/account/profile',
      '/account/addresses',
      '/account/settings',
      '/account/wishlist',
      '/wishlist',
      '/help',
      '/faq',
      '/about',
      '/buyer-protection',
      '/sell',
      '/contact',
      '/terms',
    ];
    const english: Record<string, string[]> = {};
    for (const path of pages) {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language.tag);
      await page.waitForLoadState('networkidle');
      const found = await englishOn(page, productNames);
      if (found.length > 0) english[path] = found;
    }
    // Logged out: the login, registration and password pages.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    for (const path of ['/auth/login', '/auth/register', '/auth/forgot-password']) {
      await page.goto(`${prefix}${path}`);
      await page.waitForLoadState('networkidle');
      const found = await englishOn(page, productNames);
      if (found.length > 0) english[path] = found;
    }
    expect(english).toEqual({});
  });
}
