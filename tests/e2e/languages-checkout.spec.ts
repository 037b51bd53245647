/**
 * Buying in Luganda and in Swahili, start to end: two products into the cart, the cart page, logging in at
 * checkout, a new address, paying on delivery, the order's success page and the order in the account. Every
 * text checked is the language's own (plurals and money as it writes them), and every page the shopper is taken
 * to stays under the language's address.
 */
import { expect, test, type Page } from './fixtures';
import { PASSWORD, registerShopper } from './shoppers';

type Words = {
  code: 'lg' | 'sw';
  tag: string;
  /** How the language writes an amount of shillings. */
  money: (amount: number) => string;
  quickAdd: RegExp;
  nameInQuickAdd: (label: string) => string;
  cart: string;
  closeCart: string;
  items: (count: number) => string;
  subtotal: (count: number) => string;
  viewCart: string;
  cartHeading: string;
  cartItems: string;
  orderSummary: string;
  checkout: string;
  email: string;
  password: string;
  logIn: string;
  fullName: string;
  phone: string;
  area: string;
  address: string;
  saveAddress: string;
  choosePayment: string;
  payOnDelivery: RegExp;
  placeOrder: (total: string) => string;
  thankYou: (id: string) => string;
  payOnDeliveryStatus: string;
  placedStatus: string;
  orderDetails: string;
  orderHeading: (id: string) => string;
  timeline: string;
};

const grouped = (amount: number) => amount.toLocaleString('en-US');

const LUGANDA: Words = {
  code: 'lg',
  tag: 'lg-UG',
  money: (amount) => `${grouped(amount)} UGX`,
  quickAdd: /^Teeka .+ mu kikapu$/,
  nameInQuickAdd: (label) => label.replace(/^Teeka /, '').replace(/ mu kikapu$/, ''),
  cart: 'Ekikapu',
  closeCart: 'Ggalawo ekikapu',
  items: (count) => (count === 1 ? 'ekintu 1' : `ebintu ${count}`),
  subtotal: (count) => `Omuwendo gw'ebintu (${count === 1 ? 'ekintu' : 'ebintu'} ${count})`,
  viewCart: 'Laba ekikapu',
  cartHeading: 'Ekikapu kyo',
  cartItems: 'Ebintu',
  orderSummary: 'Oda yo mu bufunze',
  checkout: 'Sasula',
  email: "Imeeyiro oba ennamba y'essimu",
  password: 'Paasiwadi',
  logIn: 'Yingira',
  fullName: 'Amannya gonna',
  phone: 'Essimu',
  area: 'Ekitundu',
  address: 'Endagiriro (oluguudo, ekizimbe, akabonero)',
  saveAddress: 'Tereka endagiriro',
  choosePayment: "Londa engeri y'okusasula",
  payOnDelivery: /^Sasula ng'otuusiddwako/,
  placeOrder: (total) => `Weereza oda · ${total}`,
  thankYou: (id) => `Weebale! Oda #${id} eweerezeddwa`,
  payOnDeliveryStatus: "Sasula ng'otuusiddwako",
  placedStatus: 'Oda eweerezeddwa',
  orderDetails: 'Ebikwata ku oda',
  orderHeading: (id) => `Oda #${id}`,
  timeline: 'Ebyafaayo',
};

const SWAHILI: Words = {
  code: 'sw',
  tag: 'sw-UG',
  money: (amount) => `UGX ${grouped(amount)}`,
  quickAdd: /^Weka .+ kwenye kikapu$/,
  nameInQuickAdd: (label) => label.replace(/^Weka /, '').replace(/ kwenye kikapu$/, ''),
  cart: 'Kikapu',
  closeCart: 'Funga kikapu',
  items: (count) => (count === 1 ? 'kitu 1' : `vitu ${count}`),
  subtotal: (count) => `Jumla ndogo (${count === 1 ? 'kitu' : 'vitu'} ${count})`,
  viewCart: 'Tazama kikapu',
  cartHeading: 'Kikapu cha ununuzi',
  cartItems: 'Bidhaa',
  orderSummary: 'Muhtasari wa oda',
  checkout: 'Lipia',
  email: 'Barua pepe au nambari ya simu',
  password: 'Nenosiri',
  logIn: 'Ingia',
  fullName: 'Jina kamili',
  phone: 'Simu',
  area: 'Eneo la kupelekea',
  address: 'Anwani (mtaa, jengo, alama ya karibu)',
  saveAddress: 'Hifadhi anwani',
  choosePayment: 'Chagua njia ya malipo',
  payOnDelivery: /^Lipa Unapopokea/,
  placeOrder: (total) => `Weka oda · ${total}`,
  thankYou: (id) => `Asante! Oda #${id} imewekwa`,
  payOnDeliveryStatus: 'Lipa unapopokea',
  placedStatus: 'Oda imewekwa',
  orderDetails: 'Maelezo ya oda',
  orderHeading: (id) => `Oda #${id}`,
  timeline: 'Historia ya oda',
};

/** Every address the page's main frame went to, from now on. */
function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  return visited;
}

/** Adds a product card's product with its one-tap button; gives the product's name. */
async function quickAdd(page: Page, words: Words, index: number, isMobile: boolean): Promise<string> {
  const add = page.getByRole('button', { name: words.quickAdd }).nth(index);
  const name = words.nameInQuickAdd(((await add.textContent()) ?? '').replace(/\s+/g, ' ').trim());
  if (isMobile) await add.tap();
  else await add.click();
  return name;
}

for (const words of [LUGANDA, SWAHILI]) {
  test(`buying in ${words.tag}: the cart, logging in at checkout, paying on delivery and the order, all under /${words.code}/`, async ({
    page,
    isMobile,
  }, testInfo) => {
    const { email } = await registerShopper(page, `languages.${words.code}.${testInfo.project.name}`);
    const inLanguage = new RegExp(`^/${words.code}(/|$|\\?)`);
    const visited = recordNavigations(page);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${words.code}-${testInfo.project.name}.png`), fullPage: true });

    // Two products from the listing, each with its card's one-tap button: the drawer counts them in the language.
    await page.goto(`/${words.code}/products`);
    await expect(page.locator('html')).toHaveAttribute('lang', words.tag);
    const first = await quickAdd(page, words, 0, isMobile);
    const drawer = page.getByRole('dialog', { name: words.cart });
    await expect(drawer.getByRole('listitem', { name: first })).toBeVisible();
    await expect(drawer.getByText(words.items(1), { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: words.closeCart }).click();
    const second = await quickAdd(page, words, 1, isMobile);
    await expect(drawer.getByRole('listitem', { name: second })).toBeVisible();
    await expect(drawer.getByText(words.items(2), { exact: true })).toBeVisible();
    await expect(drawer.getByText(words.subtotal(2), { exact: true })).toBeVisible();

    // What they cost, as the store sells them now, written as the language writes money.
    const ids = await drawer.locator('.cart-line-name').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(ids).toHaveLength(2);
    for (const href of ids) expect(href).toMatch(new RegExp(`^/${words.code}/product/\\d+$`));
    const prices = await Promise.all(
      ids.map(async (href) => Number((await (await page.request.get(`/api/products/${href!.split('/').at(-1)}`)).json()).data.price_1)),
    );
    const total = words.money(prices[0]! + prices[1]!);
    await expect(drawer.locator('.cart-total dd')).toHaveText(total);

    await drawer.getByRole('link', { name: words.viewCart }).click();
    await expect(page).toHaveURL(new RegExp(`/${words.code}/cart$`));
    await expect(page.getByRole('heading', { level: 1, name: words.cartHeading })).toBeVisible();
    await expect(page.getByRole('region', { name: words.cartItems }).getByRole('listitem')).toHaveCount(2);
    const summary = page.getByRole('complementary', { name: words.orderSummary });
    await expect(summary.getByText(words.subtotal(2), { exact: true })).toBeVisible();
    await expect(summary.locator('.cart-total dd')).toHaveText(total);
    await shot('cart');

    // Checkout asks a guest to log in, on the login page in the same language, and comes back after.
    await summary.getByRole('link', { name: `${words.checkout} · ${total}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${words.code}/auth/login\\?redirect=%2F${words.code}%2Fcheckout$`));
    await page.getByLabel(words.email, { exact: true }).fill(email);
    await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: words.logIn, exact: true }).click();

    // A new buyer has no address yet: checkout sends them to add one, still in the language.
    await expect(page).toHaveURL(new RegExp(`/${words.code}/delivery-address$`));
    await page.getByLabel(words.fullName, { exact: true }).fill('Brenda Atim');
    await page.getByLabel(words.phone, { exact: true }).fill('0772 555 010');
    await page.getByLabel(words.area, { exact: true }).selectOption({ index: 2 });
    await page.getByLabel(words.address, { exact: true }).fill('Plot 12, Bukoto Street, opposite the church');
    await page.getByRole('button', { name: words.saveAddress }).click();
    // The first address goes straight on to checkout: there is nothing else to choose.
    await expect(page).toHaveURL(new RegExp(`/${words.code}/checkout\\?address=\\d+$`));

    const checkoutSummary = page.getByRole('complementary', { name: words.orderSummary });
    await expect(page.getByText(`1 × ${first}`)).toBeVisible();
    await expect(page.getByText(`1 × ${second}`)).toBeVisible();
    const place = checkoutSummary.getByRole('button', { name: words.placeOrder(total) });
    await place.click();
    await expect(checkoutSummary.getByRole('alert')).toHaveText(words.choosePayment);
    await page.getByRole('radio', { name: words.payOnDelivery }).check();
    await shot('checkout');
    await place.click();

    await expect(page).toHaveURL(new RegExp(`/${words.code}/order-success\\?order=\\d+$`));
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('heading', { level: 1, name: words.thankYou(orderId) })).toBeVisible();
    await expect(page.getByText(words.payOnDeliveryStatus, { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem', { name: first })).toBeVisible();
    await expect(page.getByRole('listitem', { name: second })).toBeVisible();
    await expect(page.locator('.cart-total dd')).toHaveText(total);
    await expect(page.locator('[data-cart-count]').first()).toBeHidden();

    await page.getByRole('link', { name: words.orderDetails }).click();
    await expect(page).toHaveURL(new RegExp(`/${words.code}/account/orders/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: words.orderHeading(orderId) })).toBeVisible();
    await expect(page.getByRole('list', { name: words.timeline })).toContainText(words.placedStatus);
    await expect(page.getByText('Plot 12, Bukoto Street')).toBeVisible();
    await shot('order');

    // Every page the shopper was taken to, from the first listing to the order, was in the language.
    expect(visited.length).toBeGreaterThanOrEqual(7);
    expect(visited.filter((address) => !inLanguage.test(address))).toEqual([]);
  });
}
