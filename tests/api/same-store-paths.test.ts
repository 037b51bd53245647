/**
 * Every way back the store answers with a Location stays on the store: the language switch's and the
 * data-saver switch's `back`, and the redirect to a shopper's chosen language, for every known bypass.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { url } from './client';
import { PATH_BYPASSES } from '../support/path-bypasses';

const STORE_ORIGIN = new URL(url('/')).origin;

/** Where a browser on the store's page goes when told `location`. */
function followedTo(location: string | null): string {
  return new URL(location ?? '', `${STORE_ORIGIN}/some/page`).origin;
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(url(path), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** A GET with the request target written as is (fetch would read `//host` as another host). */
function rawGet(target: string, cookie: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(STORE_ORIGIN);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, location: response.headers.location });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the switches send the browser back only to the store', () => {
  it('the language switch answers the language home for every bypass', async () => {
    for (const back of PATH_BYPASSES) {
      const reply = await post('/language', { language: 'lg', back });
      expect(reply.status, back).toBe(303);
      expect(reply.headers.get('location'), back).toBe('/lg');
      expect(followedTo(reply.headers.get('location')), back).toBe(STORE_ORIGIN);
    }
  });

  it('the data-saver switch answers the home page for every bypass', async () => {
    for (const back of PATH_BYPASSES) {
      const reply = await post('/data-saver', { data_saver: 'on', back });
      expect(reply.status, back).toBe(303);
      expect(reply.headers.get('location'), back).toBe('/');
    }
  });

  it('both still go back to a page of the store, dot segments resolved', async () => {
    const language = await post('/language', { language: 'sw', back: '/lg/x/../cart?step=2' });
    expect(language.headers.get('location')).toBe('/sw/cart?step=2');
    const saver = await post('/data-saver', { data_saver: 'off', back: '/products/./?search=red%20shoes' });
    expect(saver.headers.get('location')).toBe('/products/?search=red%20shoes');
  });
});

describe('the redirect to the chosen language', () => {
  it('never turns an address that starts with // into a Location to another site', async () => {
    for (const target of ['//evil.example/x', '/\\evil.example', '//evil.example/%2e%2e/cart']) {
      const reply = await rawGet(target, 'lang=lg');
      if (reply.location !== undefined) expect(followedTo(reply.location), target).toBe(STORE_ORIGIN);
    }
    const ordinary = await rawGet('/cart', 'lang=lg');
    expect(ordinary).toMatchObject({ status: 302, location: '/lg/cart' });
  });
});
