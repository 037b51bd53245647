/** After logging in, the browser goes back only to a page of the store, whatever the `redirect` says. */
import { expect, test } from './fixtures';
import { logIn, registerShopper } from './shoppers';

for (const redirect of ['/.//evil.example/x', '/x/..//evil.example/x', '/%2e//evil.example/x']) {
  test(`logging in with redirect=${redirect} stays on the store`, { tag: '@any-size' }, async ({ page, baseURL }) => {
    const shopper = await registerShopper(page, 'redirected');
    const offSite: string[] = [];
    await page.route(
      (url) => url.hostname.endsWith('evil.example'),
      (route) => {
        offSite.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Elsewhere</title>' });
      },
    );
    await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
    await logIn(page, shopper.email);
    await expect(page).toHaveURL(/\/account$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(offSite).toEqual([]);
  });
}
