import { expect, failedLoad, test, type Page } from './fixtures';
import { logIn, PASSWORD, registerShopper, type Product } from './shoppers';

const buyBoxHeart = (page: Page) => page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Wishlist' });
const cards = (page: Page) => page.getByRole('listitem').filter({ has: page.locator('.card') });
const headerCount = (page: Page) => page.locator('.site-header [data-wishlist-count]');
const guestNotice = (page: Page) => page.getByRole('note').filter({ hasText: 'This wishlist is kept only on this phone until you log in.' });

/** The first two products listed on /products, as their cards name them. */
async function firstTwoListed(page: Page): Promise<{ id: number; name: string }[]> {
  await page.goto('/products');
  return Promise.all(
    [0, 1].map(async (i) => {
      const card = cards(page).nth(i);
      return {
        id: Number(await card.getByRole('button', { name: 'Wishlist' }).getAttribute('data-wishlist-heart')),
        name: (await card.getByRole('heading').textContent())!.trim(),
      };
    }),
  );
}

async function accountWishlist(page: Page, token: string): Promise<number[]> {
  const reply = await page.request.get('/api/wishlist_get', { headers: { Authorization: `Bearer ${token}` } });
  return ((await reply.json()).data as Product[]).map((entry) => entry.product_id);
}

/**
 * As a guest: hearts the first listed product on its card and the second on its page, then checks the
 * hearts (before any island wakes), the header's count and the wishlist page with its notice.
 */
async function heartTwoAsGuest(page: Page, shots?: string): Promise<[{ id: number; name: string }, { id: number; name: string }]> {
  const [first, second] = await firstTwoListed(page);
  await cards(page).first().getByRole('button', { name: 'Wishlist' }).click();
  await expect(cards(page).first().getByRole('button', { name: 'Wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect(headerCount(page)).toHaveText('1');
  await expect(page).toHaveURL(/\/products$/);

  await page.goto(`/product/${second!.id}`);
  await buyBoxHeart(page).click();
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`/product/${second!.id}$`));
  await expect(headerCount(page)).toHaveText('2');

  // Another page: both hearts shown saved from the phone, before any heart's island has woken.
  await page.goto('/products', { waitUntil: 'networkidle' });
  for (const [i, product] of [first!, second!].entries()) {
    await expect(cards(page).nth(i).getByRole('button', { name: 'Wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`astro-island:has([data-wishlist-heart="${product.id}"])`).first()).toHaveAttribute('ssr');
  }
  await expect(cards(page).nth(2).getByRole('button', { name: 'Wishlist' })).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/wishlist');
  await expect(guestNotice(page)).toBeVisible();
  await expect(page.getByRole('listitem', { name: first!.name })).toBeVisible();
  await expect(page.getByRole('listitem', { name: second!.name })).toBeVisible();
  if (shots) await page.screenshot({ path: shots, fullPage: true });
  return [first!, second!];
}

test('a guest hearts two products without logging in, and after logging in finds both in their account, once each', async ({
  page,
  pageProblems,
}, testInfo) => {
  pageProblems.allow(failedLoad(404, '/api/wishlist_add'));
  const shopper = await registerShopper(page, `guest-wish.${testInfo.project.name}`);
  const [first, second] = await heartTwoAsGuest(page, testInfo.outputPath(`guest-wishlist-${testInfo.project.name}.png`));
  // The account already holds the second; a heart whose product has since gone is dropped without a word.
  expect((await page.request.post('/api/wishlist_add', { headers: { Authorization: `Bearer ${shopper.token}` }, data: { product_id: second.id } })).ok()).toBe(
    true,
  );
  await page.evaluate(() => {
    const hearts = JSON.parse(localStorage.getItem('guest_wishlist')!);
    localStorage.setItem('guest_wishlist', JSON.stringify([...hearts, { ...hearts[0], product_id: 987654321, product_name: 'Gone for good' }]));
  });

  await guestNotice(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fwishlist$/);
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('listitem', { name: first.name })).toBeVisible();
  await expect(page.getByRole('listitem', { name: second.name })).toBeVisible();
  await expect(page.locator('.wishlist-items > li')).toHaveCount(2);
  await expect(guestNotice(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await accountWishlist(page, shopper.token)).sort()).toEqual([first.id, second.id].sort());
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guest_wishlist') ?? '[]'))).toEqual([]);
  await expect(headerCount(page)).toHaveText('2');

  // Logging out leaves no hearts on the phone.
  await page.goto('/account/settings');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/product/${second.id}`);
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(headerCount(page)).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guest_wishlist') ?? '[]'))).toEqual([]);
});

test('a guest’s hearts go to the account they create', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const [first, second] = await heartTwoAsGuest(page);
  await guestNotice(page).getByRole('link', { name: 'create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Fwishlist$/);
  await page.getByLabel('First name').fill('Sarah');
  await page.getByLabel('Last name').fill('Nabirye');
  await page.getByLabel('Email', { exact: true }).fill(`guest-new.${testInfo.project.name}.${Date.now()}@example.com`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('listitem', { name: first.name })).toBeVisible();
  await expect(page.getByRole('listitem', { name: second.name })).toBeVisible();
  await expect(guestNotice(page)).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await accountWishlist(page, token!)).sort()).toEqual([first.id, second.id].sort());
});

test('a guest’s heart taken off on the wishlist page is gone from every heart', { tag: '@any-size' }, async ({ page }) => {
  const [first, second] = await heartTwoAsGuest(page);
  await page.getByRole('listitem', { name: first.name }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name: first.name })).toHaveCount(0);
  await expect(headerCount(page)).toHaveText('1');
  await page.goto(`/product/${first.id}`);
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'false');
  await page.goto(`/product/${second.id}`);
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
});

test('a guest’s heart joins the account on the first page with hearts after a login that went elsewhere', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const shopper = await registerShopper(page, `guest-wish-cart.${testInfo.project.name}`);
  const [first] = await firstTwoListed(page);
  await page.goto(`/product/${first!.id}`);
  await buyBoxHeart(page).click();
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');

  // The login page's form goes back to the cart, which has no hearts and loads no wishlist.
  await page.goto('/auth/login?redirect=%2Fcart');
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto(`/product/${first!.id}`);
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => accountWishlist(page, shopper.token)).toEqual([first!.id]);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guest_wishlist') ?? '[]').length)).toBe(0);
});
