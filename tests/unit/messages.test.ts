import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Table = Record<string, string | ((value: never) => string)>;
const modules = import.meta.glob<Record<string, Table>>('../../src/lib/messages/*-messages.ts', { eager: true });
const tables: Record<string, Table> = Object.assign({}, ...Object.values(modules));

/** The texts the spec quotes for outcomes (sections 2, 5 and 8), word for word. */
const SPEC_TEXTS = [
  'Oops! Something went wrong',
  'Invalid product or quantity',
  'Please select a color',
  'Please select a size',
  'Invalid quantity',
  'No authentication token received from server',
  'Unauthenticated',
  'You are not logged in.',
  'Server error. Please try again later.',
  'Session expired. Please login again.',
  'Network error. Please check your connection and try again.',
  'Failed to connect to internet. Check your connection and try again',
  'Failed to fetch data because data is null',
  'GET request failed: ...',
  'Failed because ...',
  'Authentication failed',
  'Login failed',
  'Registration failed',
  'Failed to save data to local storage',
  'Login failed. Please try again.',
  'Registration failed. Please try again.',
  'Failed to send password reset email',
  'Failed to reset password',
  'Password reset code sent to your email',
  'Password reset successfully',
  'Failed to load products',
  'Product not found',
  'Failed to load category products',
  'Search failed',
  'Failed to load categories',
  'Category not found',
  'Failed to load vendors',
  'Vendor not found',
  'Failed to load orders',
  'Order not found',
  'Failed to place order',
  'Order placed successfully!',
  'Failed to update order status',
  'Failed to add to cart',
  'Failed to load cart',
  'Failed to update cart',
  'Failed to clear cart',
  'Failed to add to wishlist',
  'Failed to remove from wishlist',
  'Failed to load wishlist',
  'Failed to submit review',
  'Failed to update profile',
  'Item removed from cart',
  'Cart updated',
  'Cart cleared',
  '{name} added to cart',
  'Invalid response format for categories/vendors',
  'Invalid API response structure',
  'Failed to fetch products',
  'Failed to fetch categories',
  'Failed to fetch vendors',
  'Failed to fetch orders',
  'Failed to create order',
  'Failed to update review',
  'Failed to delete review',
  'Failed to find the root element',
];

/** Spec texts the store never needs to say, and why. */
const NOT_SAID: Record<string, string> = {
  'Failed to connect to internet. Check your connection and try again': "the spec's envelope reader; ours says the 'Network error' text",
  'Failed to fetch data because data is null': "the spec's envelope reader; a reply without data is a server error here",
  'GET request failed: ...': "the spec's envelope reader; a failed call says the server's message or the texts above",
  'Failed because ...': "the spec's envelope reader; a failed call says the server's message or the texts above",
  'Authentication failed': 'login and registration say why they failed (the two texts after it)',
  'Login failed': "the server's texts start with it and say why",
  'Registration failed': "the server's texts start with it and say why",
  'Failed to save data to local storage': 'a login that cannot be stored still works for the page it is on',
  'Failed to load category products': 'category pages are rendered by the server; a failure is the error page',
  'Failed to load cart': 'the cart is local; reading it cannot fail',
  'Failed to update cart': 'the cart is local; writing it cannot fail',
  'Failed to clear cart': 'the cart is local; clearing it cannot fail',
  'Invalid response format for categories/vendors': "the spec's service layer; our replies are checked by their envelope",
  'Invalid API response structure': "the spec's service layer; our replies are checked by their envelope",
  'Failed to fetch products': "the spec's service-layer fallback; ours is 'Failed to load products'",
  'Failed to fetch categories': "the spec's service-layer fallback; ours is 'Failed to load categories'",
  'Failed to fetch vendors': "the spec's service-layer fallback; ours is 'Failed to load vendors'",
  'Failed to fetch orders': "the spec's envelope fallback; ours is 'Failed to load orders'",
  'Failed to create order': "the spec's envelope fallback; ours is 'Failed to place order'",
};

function tableTexts(): string[] {
  return Object.values(tables).flatMap((table) => Object.values(table).map((text) => (typeof text === 'function' ? text('{name}' as never) : text)));
}

const sourceFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !file.startsWith(join('lib', 'messages', '')))
  .map((file) => join('src', file));

/** Source without its comments, which may quote a text to explain the code. */
function codeOf(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('message tables', () => {
  it('are one file per domain, each named for its table', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    for (const [path, exports] of Object.entries(modules)) {
      const domain = /([a-z-]+)-messages\.ts$/.exec(path)![1]!;
      expect(Object.keys(exports), path).toEqual([`${domain.toUpperCase().replace(/-/g, '_')}_MESSAGES`]);
    }
  });

  it('say every spec text the store uses, word for word', () => {
    const said = new Set(tableTexts());
    const missing = SPEC_TEXTS.filter((text) => !(text in NOT_SAID) && !said.has(text));
    expect(missing).toEqual([]);
  });

  it('explain only spec texts', () => {
    expect(Object.keys(NOT_SAID).filter((text) => !SPEC_TEXTS.includes(text))).toEqual([]);
  });

  it('are the only place in the source that spells out a spec text', () => {
    const spelled = sourceFiles.flatMap((path) => {
      const code = codeOf(path);
      return SPEC_TEXTS.filter((text) => [`'${text}'`, `"${text}"`, `\`${text}\``, `>${text}<`].some((quoted) => code.includes(quoted))).map(
        (text) => `${path}: ${text}`,
      );
    });
    expect(spelled).toEqual([]);
  });

  it('have one text per name within a table', () => {
    for (const [name, table] of Object.entries(tables)) {
      const texts = Object.values(table).filter((text) => typeof text === 'string');
      expect(new Set(texts).size, name).toBe(texts.length);
    }
  });
});
