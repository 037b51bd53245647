import { expect, test, type Page } from './fixtures';
import { logIn, registerShopper, storeLogin, toast, type Product } from './shoppers';

type Stats = { total_reviews: number; average_rating: number };

async function productsWithReviews(page: Page): Promise<Product[]> {
  const listed: Product[] = (await (await page.request.get('/api/products?limit=100&sort_by=popularity')).json()).data.data;
  return listed.filter((p) => p.review_count >= 3);
}

async function statsOf(page: Page, productId: number): Promise<Stats> {
  return (await (await page.request.get(`/api/reviews/stats?product_id=${productId}`)).json()).data;
}

const reviews = (page: Page) => page.getByRole('region', { name: 'Customer reviews' });
const summaryText = (stats: Stats) =>
  `${stats.average_rating.toFixed(1)} out of 5 from ${stats.total_reviews} ${stats.total_reviews === 1 ? 'review' : 'reviews'}`;
const buyBoxRating = (page: Page, stats: Stats) =>
  page.getByRole('region', { name: 'Price and options' }).getByRole('link', { name: `Rated ${summaryText(stats)}` });

/** Expects the section, the stats the server gives and the rating by the title to agree on `count` reviews. */
async function expectFigures(page: Page, productId: number, count: number) {
  await expect.poll(async () => (await statsOf(page, productId)).total_reviews).toBe(count);
  const stats = await statsOf(page, productId);
  await expect(reviews(page).getByText(summaryText(stats))).toBeVisible();
  await expect(buyBoxRating(page, stats)).toBeVisible();
  return stats;
}

test('the first page of reviews and their rating are in the HTML crawlers read', { tag: '@any-size' }, async ({ page }) => {
  const [product] = await productsWithReviews(page);
  const stats = await statsOf(page, product!.id);
  const newest = (await (await page.request.get(`/api/reviews?product_id=${product!.id}`)).json()).data.reviews[0];
  const html = await (await page.request.get(`/product/${product!.id}`)).text();
  expect(html).toContain(summaryText(stats));
  expect(html).toContain(newest.user_name);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
  expect(jsonLd.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: stats.average_rating, reviewCount: stats.total_reviews });
  expect(jsonLd.review[0]).toMatchObject({ '@type': 'Review', reviewRating: { ratingValue: newest.rating } });
});

test('a shopper writes, edits and deletes a review, and the stats and rating follow', async ({ page }, testInfo) => {
  const product = (await productsWithReviews(page))[testInfo.project.name === 'mobile' ? 1 : 2]!;
  const shopper = await registerShopper(page, `review.${testInfo.project.name}`);
  const before = await statsOf(page, product.id);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`/product/${product.id}`);
  await reviews(page).getByRole('link', { name: 'Log in to write a review' }).click();
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}#reviews$`));

  const form = reviews(page).getByRole('form', { name: 'Write a review' });
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose a rating from 1 to 5 stars');
  await form.getByRole('radio', { name: '4 stars, Very good' }).check();
  await form.getByLabel('Your review').fill('Arrived in two days in Gulu.\nWorks as described.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(toast(page, 'Review submitted')).toBeVisible();

  const own = reviews(page).getByRole('region', { name: 'Your review' });
  await expect(own.getByText('Arrived in two days in Gulu.')).toBeVisible();
  await expect(own.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(reviews(page).getByRole('list').getByText('Arrived in two days in Gulu.')).toBeVisible();
  await expectFigures(page, product.id, before.total_reviews + 1);

  await own.getByRole('button', { name: 'Edit' }).click();
  const edit = reviews(page).getByRole('form', { name: 'Edit your review' });
  await expect(edit.getByLabel('Your review')).toHaveValue('Arrived in two days in Gulu.\nWorks as described.');
  await edit.getByRole('radio', { name: '1 star, Poor' }).check();
  await edit.getByLabel('Your review').fill('It stopped working after a week.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Review updated')).toBeVisible();
  await expect(own.getByRole('img', { name: '1 out of 5 stars' })).toBeVisible();
  await expect(own.getByText('It stopped working after a week.')).toBeVisible();
  const edited = await expectFigures(page, product.id, before.total_reviews + 1);

  await page.reload();
  await expect(reviews(page).getByRole('region', { name: 'Your review' }).getByText('It stopped working after a week.')).toBeVisible();
  await expect(buyBoxRating(page, edited)).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await reviews(page).getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Review deleted')).toBeVisible();
  await expect(reviews(page).getByRole('form', { name: 'Write a review' })).toBeVisible();
  await expect(reviews(page).getByText('It stopped working after a week.')).toHaveCount(0);
  const after = await expectFigures(page, product.id, before.total_reviews);
  expect(after.average_rating).toBe(before.average_rating);
  expect(pageErrors, 'errors in the page (a hydration mismatch shows here)').toEqual([]);
});

test('a review with markup shows as text and runs nothing', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const product = (await productsWithReviews(page))[testInfo.project.name === 'mobile' ? 3 : 4]!;
  const shopper = await registerShopper(page, `markup.${testInfo.project.name}`);
  const markup = '<img src=x onerror="window.__reviewScript=1"><script>window.__reviewScript=2</script> Bold <b>claim</b>';
  const written = await page.request.post('/api/reviews', {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { product_id: product.id, rating: 3, comment: markup },
  });
  expect(written.status()).toBe(201);
  const reviewId = (await written.json()).data.id;

  await storeLogin(page, shopper);
  await page.goto(`/product/${product.id}`);
  await reviews(page).scrollIntoViewIfNeeded();
  await expect(reviews(page).getByRole('list').getByText(markup, { exact: true })).toBeVisible();
  await expect(reviews(page).getByRole('region', { name: 'Your review' }).getByText(markup, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __reviewScript?: number }).__reviewScript)).toBeUndefined();
  await expect(reviews(page).locator('img[src="x"], b')).toHaveCount(0);

  await page.request.delete(`/api/reviews/${reviewId}`, { headers: { Authorization: `Bearer ${shopper.token}` } });
});

test('reviews page and sort without reloading the page, and the page links work without script', async ({ page }) => {
  const listed: Product[] = (await (await page.request.get('/api/products?limit=100&sort_by=popularity')).json()).data.data;
  const product = listed.find((p) => p.review_count > 10)!;
  const api = async (query: string) => (await (await page.request.get(`/api/reviews?product_id=${product.id}&${query}`)).json()).data;
  const [second, lowest, lowestSecond] = [await api('page=2'), await api('sort_by=lowest'), await api('sort_by=lowest&page=2')];

  await page.goto(`/product/${product.id}`);
  await reviews(page).scrollIntoViewIfNeeded();
  const list = reviews(page).getByRole('region', { name: /reviews$/ });
  await list.getByLabel('Sort by').selectOption('lowest');
  await expect(list.getByRole('listitem').first()).toContainText(lowest.reviews[0].comment);
  await expect(list.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName(`${lowest.reviews[0].rating} out of 5 stars`);

  await list.getByRole('link', { name: 'Next →' }).click();
  await expect(list.getByText(`Page 2 of ${lowestSecond.pagination.last_page}`)).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(lowestSecond.reviews[0].comment);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));

  const html = await (await page.request.get(`/product/${product.id}?reviews_page=2`)).text();
  expect(html).toContain(`Page 2 of ${second.pagination.last_page}`);
  expect(html).toContain(second.reviews[0].user_name);
});
