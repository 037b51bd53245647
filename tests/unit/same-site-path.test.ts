/** Redirects that come from a form or a link (the data-saver switch's way back, the login's) stay on the store. */
import { describe, expect, it } from 'vitest';
import { sameSitePath } from '~/lib/same-site-path';
import { safeRedirect } from '~/lib/login-redirect';

describe('sameSitePath', () => {
  it('keeps a path on the store with its query and fragment', () => {
    expect(sameSitePath('/product/7?reviews_page=2#data-saver')).toBe('/product/7?reviews_page=2#data-saver');
    expect(sameSitePath('/')).toBe('/');
  });

  it('refuses anything that a browser would take to another site', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(sameSitePath(target), JSON.stringify(target)).toBeNull();
    }
  });

  it('makes the login redirect refuse the same tricks', () => {
    expect(safeRedirect('/\t/evil.example')).toBe('/account');
    expect(safeRedirect('/\\evil.example', '/')).toBe('/');
    expect(safeRedirect('/auth/login')).toBe('/account');
    expect(safeRedirect('/cart?x=1')).toBe('/cart?x=1');
  });
});
