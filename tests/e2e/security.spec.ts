import type { Response } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { inStockProducts, isPlain, orderAndOpenGateway, registerShopper, storeLogin } from './shoppers';

/** The Content-Security-Policy of every page of the store the browser opened. */
function recordPagePolicies(page: Page, storeOrigin: string) {
  const policies: { url: string; policy: string | undefined }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'document' && response.url().startsWith(storeOrigin)) {
      policies.push({ url: response.url(), policy: response.headers()['content-security-policy'] });
    }
  });
  return policies;
}

test(
  "a whole purchase runs under the pages' policy: browse, product, cart, checkout, paying by card and back",
  { tag: '@any-size' },
  async ({ page, baseURL }, testInfo) => {
    const storeOrigin = new URL(baseURL!).origin;
    const policies = recordPagePolicies(page, storeOrigin);
    const shopper = await registerShopper(page, `policy.${testInfo.project.name}`);
    const product = (await inStockProducts(page)).find((p) => isPlain(p) && Number(p.price_1) >= 2000)!;
    await storeLogin(page, shopper);

    // Browse: search from the home page, open the product from the results.
    const box = page.getByRole('combobox').filter({ visible: true }).first();
    await box.click();
    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    await box.fill(product.name);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=/);
    await page.getByRole('heading', { level: 3, name: product.name }).first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

    // Pictures and styles are the store's own and load under the policy.
    const picture = page.locator('main img').first();
    await expect(picture).toBeVisible();
    // A picture size is encoded on its first request, so it may still be arriving when the page shows.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toBe('');

    // Cart, address, checkout, then the gateway's page (the fake Stripe), reached by navigation, and back.
    await orderAndOpenGateway(page, /Card \(Stripe\)/);
    expect(new URL(page.url()).origin).not.toBe(storeOrigin);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/payment\/callback\/\d+/);
    await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();

    const visited = policies.map(({ url }) => new URL(url).pathname);
    expect(visited).toEqual(expect.arrayContaining(['/', '/products', `/product/${product.id}`, '/delivery-address', '/checkout']));
    for (const { url, policy } of policies) {
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).toMatch(/script-src 'self' 'sha256-/);
      expect(policy, url).not.toContain('unsafe-inline');
    }
    // The fixture fails the test on any CSP violation, console error or uncaught exception on the way.
  },
);

test('the guard catches a script the policy does not allow, and the script does not run', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  pageProblems.allow(/^CSP violation: script-src-elem blocked inline on http:\/\/[^/]+\/about/);
  pageProblems.allow(
    /^console error: (Refused to execute inline script because it violates|Executing inline script violates) the following Content Security Policy directive/,
  );
  await page.goto('/about');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return new Promise<boolean>((resolve) => setTimeout(() => resolve('injected' in window), 100));
  });
  expect(ran).toBe(false);
});

test('no other site can show the store in a frame', { tag: '@any-size' }, async ({ page, pageProblems, baseURL }) => {
  const refusal =
    /^(Refused to frame '[^']+' because an ancestor violates|Framing '[^']+' violates) the following Content Security Policy directive: "frame-ancestors 'none'"/;
  pageProblems.allow(new RegExp(`^console error: ${refusal.source.slice(1)}`));
  const refused = page.waitForEvent('console', (message) => refusal.test(message.text()));
  await page.setContent(`<iframe title="store" src="${baseURL}/about"></iframe>`);
  await refused;
  await expect(page.frameLocator('iframe[title="store"]').getByRole('heading')).toHaveCount(0);
});
