import type { APIContext, APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import { requestedMethod, withMethodOverride } from '~/server/http/method-override';

const BASE = 'http://store.test/api/products/5';

/** Just the parts of Astro's context the override reads. */
const context = (query = '', headers: Record<string, string> = {}) =>
  ({ request: new Request(`${BASE}${query}`, { method: 'POST', headers }), url: new URL(`${BASE}${query}`) }) as unknown as APIContext;

const answer =
  (text: string): APIRoute =>
  () =>
    new Response(text);
const PUT = answer('put');
const DELETE = answer('delete');
const POST = answer('post');

const call = async (route: APIRoute, ctx: APIContext) => {
  const response = await route(ctx);
  return { status: response.status, text: await response.text(), response };
};

describe('requestedMethod', () => {
  const method = (query: string, headers: Record<string, string> = {}) => {
    const { request, url } = context(query, headers);
    return requestedMethod(request, url);
  };

  it('is POST without an override', () => {
    expect(method('')).toBe('POST');
  });

  it('reads _method from the query, trimmed and upper-cased', () => {
    expect(method('?_method=put')).toBe('PUT');
    expect(method('?_method=%20Delete%20')).toBe('DELETE');
  });

  it('reads the X-HTTP-Method-Override header, the query winning over it', () => {
    expect(method('', { 'X-HTTP-Method-Override': 'delete' })).toBe('DELETE');
    expect(method('?_method=PUT', { 'X-HTTP-Method-Override': 'DELETE' })).toBe('PUT');
  });
});

describe('withMethodOverride', () => {
  const route = withMethodOverride({ PUT, DELETE });

  it('runs the PUT handler for ?_method=PUT', async () => {
    expect(await call(route, context('?_method=PUT'))).toMatchObject({ status: 200, text: 'put' });
  });

  it('runs the DELETE handler for a lower-case ?_method=delete', async () => {
    expect(await call(route, context('?_method=delete'))).toMatchObject({ status: 200, text: 'delete' });
  });

  it('runs the PUT handler for PATCH', async () => {
    expect(await call(route, context('?_method=PATCH'))).toMatchObject({ status: 200, text: 'put' });
    expect(await call(route, context('?_method=patch'))).toMatchObject({ status: 200, text: 'put' });
  });

  it('reads the X-HTTP-Method-Override header', async () => {
    expect(await call(route, context('', { 'X-HTTP-Method-Override': 'DELETE' }))).toMatchObject({ status: 200, text: 'delete' });
  });

  it('passes the same context to the handler', async () => {
    const ctx = context('?_method=PUT');
    let seen: unknown;
    await withMethodOverride({ PUT: (c) => ((seen = c), new Response('put')) })(ctx);
    expect(seen).toBe(ctx);
  });

  it.each([[''], ['?_method=GET'], ['?_method=POST'], ['?_method=HEAD'], ['?_method=constructor'], ['?_method=']])(
    'answers %j with 405 and the spec envelope when there is no such handler',
    async (query) => {
      const { status, text, response } = await call(route, context(query));
      expect(status).toBe(405);
      expect(JSON.parse(text)).toEqual({ code: 0, message: '_method: must be one of PUT, DELETE', data: null });
      expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('Allow')).toBe('POST, PUT, DELETE');
    },
  );

  it('runs a POST handler when no override is given and one is supplied', async () => {
    const withPost = withMethodOverride({ POST, PUT, DELETE });
    expect(await call(withPost, context(''))).toMatchObject({ status: 200, text: 'post' });
    expect(await call(withPost, context('?_method=DELETE'))).toMatchObject({ status: 200, text: 'delete' });
  });

  it('names only the handlers the route has in the refusal', async () => {
    const putOnly = withMethodOverride({ PUT });
    const { status, text } = await call(putOnly, context('?_method=DELETE'));
    expect(status).toBe(405);
    expect(JSON.parse(text).message).toBe('_method: must be one of PUT');
  });
});
