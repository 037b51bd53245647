/** Redirects that come from a form or a link (the switches' way back, the login's) stay on the store. */
import { describe, expect, it } from 'vitest';
import { sameSitePath } from '~/lib/same-site-path';
import { safeRedirect } from '~/lib/login-redirect';
import { PATH_BYPASSES } from '../support/path-bypasses';

describe('sameSitePath', () => {
  it('keeps a path on the store with its query and fragment', () => {
    expect(sameSitePath('/product/7?reviews_page=2#data-saver')).toBe('/product/7?reviews_page=2#data-saver');
    expect(sameSitePath('/')).toBe('/');
    expect(sameSitePath('/lg/cart')).toBe('/lg/cart');
    expect(sameSitePath('/products?search=red%20shoes&sort=price')).toBe('/products?search=red%20shoes&sort=price');
    expect(sameSitePath('/category/%E2%82%AC')).toBe('/category/%E2%82%AC');
  });

  it('resolves dot segments the way a browser does, and keeps what stays on the store', () => {
    expect(sameSitePath('/x/../cart')).toBe('/cart');
    expect(sameSitePath('/lg/./cart')).toBe('/lg/cart');
    expect(sameSitePath('/%2e%2e/cart')).toBe('/cart');
  });

  it('refuses every known way out, however it is written', () => {
    for (const target of [...PATH_BYPASSES, '', null, undefined]) {
      expect(sameSitePath(target), JSON.stringify(target)).toBeNull();
    }
  });

  it('refuses encodings nested deeper than any page of ours writes', () => {
    expect(sameSitePath('/%25252525252f')).toBeNull();
  });
});

describe('safeRedirect (the way back after login)', () => {
  it('refuses the same tricks, to the fallback in the page language', () => {
    for (const target of PATH_BYPASSES) {
      expect(safeRedirect(target, '/account', 'en'), target).toBe('/account');
      expect(safeRedirect(target, '/', 'lg'), target).toBe('/lg');
    }
    expect(safeRedirect('/auth/login', '/account', 'en')).toBe('/account');
  });

  it('keeps a path on the store in the page language', () => {
    expect(safeRedirect('/cart?x=1', '/account', 'en')).toBe('/cart?x=1');
    expect(safeRedirect('/cart', '/account', 'sw')).toBe('/sw/cart');
  });
});
