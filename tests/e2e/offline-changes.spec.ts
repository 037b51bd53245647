import { expect, failedLoad, test, type Page } from './fixtures';
import { registerShopper, storeLogin, toast, type Product } from './shoppers';

const WAITING = 'Waiting for a connection — will be sent when you are back online';
const buyBoxHeart = (page: Page) => page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Wishlist' });
const reviews = (page: Page) => page.getByRole('region', { name: 'Customer reviews' });

/** A product listed on /products?page=N (each test its own, so no other test's review or heart is in the way). */
async function productOnPage(page: Page, listPage: number): Promise<Product> {
  return (await (await page.request.get(`/api/products?limit=24&page=${listPage}`)).json()).data.data[3];
}

const asShopper = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function savedIds(page: Page, token: string): Promise<number[]> {
  return ((await (await page.request.get('/api/wishlist_get', asShopper(token))).json()).data as Product[]).map((entry) => entry.product_id);
}

async function ownReview(page: Page, token: string, productId: number): Promise<{ rating: number; comment: string } | null> {
  return (await (await page.request.get(`/api/reviews/user-review?product_id=${productId}`, asShopper(token))).json()).data;
}

/** Takes the phone offline, and waits until the page knows it. */
async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Opens the product page as a logged-in shopper with the heart and the reviews awake (their code loaded while online). */
async function openProductAwake(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  // A product with colours to choose names the missing one on its button until one is chosen.
  await page
    .getByRole('region', { name: 'Price and options' })
    .getByRole('button', { name: /^(Add to cart|Choose a colour|Choose a size)$/ })
    .hover();
  await buyBoxHeart(page).hover();
  await expect(page.locator(`astro-island:has([data-wishlist-heart="${productId}"])`).first()).not.toHaveAttribute('ssr');
  await reviews(page).scrollIntoViewIfNeeded();
  await expect(reviews(page).getByRole('form', { name: 'Write a review' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test(
  'offline, a heart and a review wait with a mark; back online they are sent, edits collapsed to the last, and the marks go',
  { tag: '@any-size' },
  async ({ page, context }, testInfo) => {
    const product = await productOnPage(page, testInfo.project.name === 'mobile' ? 3 : 4);
    const shopper = await registerShopper(page, `offline.${testInfo.project.name}`);
    await storeLogin(page, shopper);
    await openProductAwake(page, product.id);
    // One review text per run: the same product may hold an earlier run's review.
    const last = `Arrived late but works very well (${Date.now()}).`;
    const reviewWrites: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/reviews') && request.method() !== 'GET')
        reviewWrites.push(`${request.method()} ${request.postData()}`);
    });

    await goOffline(page);
    await buyBoxHeart(page).click();
    await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(buyBoxHeart(page)).toHaveAttribute('data-waiting', '');
    await expect(buyBoxHeart(page)).toHaveAttribute('title', /waiting to send/);

    const form = reviews(page).getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '2 stars, Fair' }).check();
    await form.getByLabel('Your review').fill('Took long to arrive in Mbarara.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    const own = reviews(page).getByRole('region', { name: 'Your review' });
    await expect(own.getByText('Took long to arrive in Mbarara.')).toBeVisible();
    await expect(own.getByRole('status')).toHaveText(WAITING);

    // Changed again while still offline: only the last version will be sent.
    await own.getByRole('button', { name: 'Edit' }).click();
    const edit = reviews(page).getByRole('form', { name: 'Edit your review' });
    await edit.getByRole('radio', { name: '5 stars, Excellent' }).check();
    await edit.getByLabel('Your review').fill(last);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(own.getByText(last)).toBeVisible();
    await expect(own.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(own.getByRole('status')).toHaveText(WAITING);
    await own.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`offline-review-${testInfo.project.name}.png`) });
    await buyBoxHeart(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`offline-heart-${testInfo.project.name}.png`) });

    expect(await savedIds(page, shopper.token)).toEqual([]);
    expect(await ownReview(page, shopper.token, product.id)).toBeNull();
    expect(reviewWrites).toEqual([]);

    await context.setOffline(false);
    await expect(buyBoxHeart(page)).not.toHaveAttribute('data-waiting');
    await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(own.getByRole('status')).toHaveCount(0);
    await expect(own.getByText(last)).toBeVisible();
    expect(await savedIds(page, shopper.token)).toEqual([product.id]);
    expect(await ownReview(page, shopper.token, product.id)).toMatchObject({ rating: 5, comment: last });
    expect(reviewWrites).toEqual([`POST ${JSON.stringify({ product_id: product.id, rating: 5, comment: last })}`]);
    await expect(reviews(page).getByRole('list').getByText(last)).toBeVisible();
  },
);

test(
  'offline, deleting a review waits with a note and is sent when back online; a review written and deleted offline sends nothing',
  { tag: '@any-size' },
  async ({ page, context }, testInfo) => {
    const product = await productOnPage(page, testInfo.project.name === 'mobile' ? 12 : 13);
    const shopper = await registerShopper(page, `offline-delete.${testInfo.project.name}`);
    const written = await page.request.post('/api/reviews', {
      ...asShopper(shopper.token),
      data: { product_id: product.id, rating: 3, comment: 'Fine for the price.' },
    });
    expect(written.ok()).toBe(true);
    await storeLogin(page, shopper);
    await page.goto(`/product/${product.id}`);
    await reviews(page).scrollIntoViewIfNeeded();
    const own = reviews(page).getByRole('region', { name: 'Your review' });
    await expect(own.getByText('Fine for the price.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.on('dialog', (dialog) => void dialog.accept());
    const writes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/reviews') && request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });

    await goOffline(page);
    await own.getByRole('button', { name: 'Delete' }).click();
    await expect(reviews(page).getByRole('status').filter({ hasText: 'Your review will be deleted.' })).toHaveText(
      'Your review will be deleted. Waiting for a connection — will be sent when you are back online',
    );
    await expect(own).toHaveCount(0);
    expect(await ownReview(page, shopper.token, product.id)).toMatchObject({ comment: 'Fine for the price.' });
    await context.setOffline(false);
    await expect(reviews(page).getByRole('status')).toHaveCount(0);
    await expect(reviews(page).getByRole('form', { name: 'Write a review' })).toBeVisible();
    await expect.poll(() => ownReview(page, shopper.token, product.id)).toBeNull();
    expect(writes).toHaveLength(1);

    // Written and deleted before the connection came back: nothing to send.
    await goOffline(page);
    const form = reviews(page).getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '4 stars, Very good' }).check();
    await form.getByLabel('Your review').fill('Changed my mind about this one.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(own.getByRole('status')).toHaveText(WAITING);
    await own.getByRole('button', { name: 'Delete' }).click();
    await expect(own).toHaveCount(0);
    await expect(reviews(page).getByRole('status')).toHaveCount(0);
    await context.setOffline(false);
    await page.waitForLoadState('networkidle');
    expect(writes).toHaveLength(1);
    expect(await ownReview(page, shopper.token, product.id)).toBeNull();
  },
);

test(
  'a change queued offline survives the page being closed and opened again offline, and is sent when the next page loads online',
  { tag: '@any-size' },
  async ({ page, context }, testInfo) => {
    const product = await productOnPage(page, testInfo.project.name === 'mobile' ? 5 : 6);
    const shopper = await registerShopper(page, `offline-reload.${testInfo.project.name}`);
    await storeLogin(page, shopper);
    await openProductAwake(page, product.id);

    await goOffline(page);
    await buyBoxHeart(page).click();
    await expect(buyBoxHeart(page)).toHaveAttribute('data-waiting', '');
    // Closed rather than reloaded: Chromium's offline switch lets a page it navigates away from see itself
    // online for a moment, and that page would send the change before the test could check it waited.
    await page.close();
    const again = await context.newPage();
    await again.goto(`/product/${product.id}`).catch(() => {});
    expect(await savedIds(again, shopper.token)).toEqual([]);

    // The next page loaded online sends it (a page without hearts, too).
    await context.setOffline(false);
    await again.goto('/cart');
    await expect.poll(() => savedIds(again, shopper.token)).toEqual([product.id]);
    await again.goto(`/product/${product.id}`);
    await expect(buyBoxHeart(again)).toHaveAttribute('aria-pressed', 'true');
    await expect(buyBoxHeart(again)).not.toHaveAttribute('data-waiting');
  },
);

test(
  'a change the server refuses when it is finally sent is told in plain words, and the heart follows the server',
  { tag: '@any-size' },
  async ({ page, context, pageProblems }, testInfo) => {
    pageProblems.allow(failedLoad(404, '/api/wishlist_add'));
    const product = await productOnPage(page, testInfo.project.name === 'mobile' ? 20 : 21);
    const shopper = await registerShopper(page, `offline-refused.${testInfo.project.name}`);
    await storeLogin(page, shopper);
    await openProductAwake(page, product.id);

    await goOffline(page);
    await buyBoxHeart(page).click();
    await expect(buyBoxHeart(page)).toHaveAttribute('data-waiting', '');

    // Meanwhile the product is withdrawn from the store.
    const admin = (await (await page.request.post('/api/users/login', { data: { username: 'admin@duuka.example', password: 'Duuka-Admin-2026' } })).json())
      .data;
    expect((await page.request.delete(`/api/products/${product.id}`, asShopper(admin.token))).ok()).toBe(true);

    await context.setOffline(false);
    await expect(toast(page, `${product.name} could not be saved to your wishlist: Product not found`)).toBeVisible();
    await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(buyBoxHeart(page)).not.toHaveAttribute('data-waiting');
    expect(await savedIds(page, shopper.token)).toEqual([]);
  },
);

for (const locks of ['with', 'without'] as const) {
  test(
    `two tabs back online at once send each change once, ${locks} the Web Locks API, and both tabs lose the marks`,
    { tag: '@any-size' },
    async ({ page, context }, testInfo) => {
      // Without Web Locks the queue's lease in IndexedDB keeps a second sender away.
      if (locks === 'without') await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
      const shopper = await registerShopper(page, `offline-tabs.${locks}.${testInfo.project.name}`);
      await storeLogin(page, shopper);
      const other = await context.newPage();
      const listing = `/products?page=${testInfo.project.name === 'mobile' ? 8 : 9}`;
      const hearts = [page, other].map((tab, i) => tab.locator('.card').nth(i).getByRole('button', { name: 'Wishlist' }));
      const ids: number[] = [];
      for (const [i, tab] of [page, other].entries()) {
        await tab.goto(listing);
        ids.push(Number(await hearts[i]!.getAttribute('data-wishlist-heart')));
        await hearts[i]!.hover();
        await expect(tab.locator(`astro-island:has([data-wishlist-heart="${ids[i]}"])`).first()).not.toHaveAttribute('ssr');
        await tab.waitForLoadState('networkidle');
      }
      expect(await page.evaluate(() => 'locks' in navigator && navigator.locks !== undefined)).toBe(locks === 'with');
      const adds: string[] = [];
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/wishlist_add') adds.push(request.postData() ?? '');
      });

      await goOffline(page);
      await expect.poll(() => other.evaluate(() => navigator.onLine)).toBe(false);
      for (const [i, heart] of hearts.entries()) {
        await heart.click();
        await expect(heart).toHaveAttribute('data-waiting', '');
        // The other tab shows the change too, marked.
        const mirrored = [page, other][1 - i]!.locator(`[data-wishlist-heart="${ids[i]}"]`);
        await expect(mirrored).toHaveAttribute('aria-pressed', 'true');
        await expect(mirrored).toHaveAttribute('data-waiting', '');
      }

      await context.setOffline(false);
      await expect.poll(() => savedIds(page, shopper.token).then((saved) => saved.sort())).toEqual([...ids].sort());
      for (const tab of [page, other]) {
        for (const id of ids) {
          await expect(tab.locator(`[data-wishlist-heart="${id}"]`)).not.toHaveAttribute('data-waiting');
          await expect(tab.locator(`[data-wishlist-heart="${id}"]`)).toHaveAttribute('aria-pressed', 'true');
        }
      }
      expect(adds.sort()).toEqual(ids.map((id) => JSON.stringify({ product_id: id })).sort());
    },
  );
}

/** A new shopper on a product page the service worker controls, who hearts the product offline: it waits, marked. */
async function heartOfflineUnderTheWorker(page: Page, listPage: number, label: string) {
  const product = await productOnPage(page, listPage);
  const shopper = await registerShopper(page, label);
  await storeLogin(page, shopper);
  await page.goto(`/product/${product.id}`);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  await openProductAwake(page, product.id);
  await goOffline(page);
  await buyBoxHeart(page).click();
  await expect(buyBoxHeart(page)).toHaveAttribute('data-waiting', '');
  return { product, shopper };
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'Background Sync sends a change made offline when the connection is back, with no store page open',
    { tag: '@any-size' },
    async ({ page, context }, testInfo) => {
      const { product, shopper } = await heartOfflineUnderTheWorker(
        page,
        testInfo.project.name === 'mobile' ? 14 : 15,
        `offline-sync.${testInfo.project.name}`,
      );
      await expect
        .poll(() =>
          page.evaluate(async () =>
            ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags(),
          ),
        )
        .toEqual(['queued-changes']);
      // No store page is left to send it: only the worker can.
      await page.goto('about:blank');
      expect(await savedIds(page, shopper.token)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => savedIds(page, shopper.token), { timeout: 20_000 }).toEqual([product.id]);
    },
  );

  test(
    'a change made offline survives a reload while offline (the worker shows the kept page), still marked, and is sent when back online',
    { tag: '@any-size' },
    async ({ page, context, pageProblems }, testInfo) => {
      // The shopper's own list is never kept by the worker: offline, the kept page cannot read it.
      pageProblems.allow(failedLoad('net::ERR_FAILED', '/api/wishlist_get'));
      const { product, shopper } = await heartOfflineUnderTheWorker(
        page,
        testInfo.project.name === 'mobile' ? 16 : 17,
        `offline-kept.${testInfo.project.name}`,
      );
      await page.reload();
      await expect(page.getByText('You are offline')).toBeVisible();
      await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
      await expect(buyBoxHeart(page)).toHaveAttribute('data-waiting', '');
      expect(await savedIds(page, shopper.token)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => savedIds(page, shopper.token)).toEqual([product.id]);
      await expect(buyBoxHeart(page)).not.toHaveAttribute('data-waiting');
      await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
    },
  );
});
