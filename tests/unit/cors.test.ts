import { describe, expect, it } from 'vitest';
import { allowedOrigins, allowedRequestHeaders, corsHeaders, corsOriginsProblem, MAX_REQUESTED_HEADERS_LENGTH } from '~/server/http/cors';

describe('CORS_ORIGINS', () => {
  it('takes nothing, or origins alone separated by commas', () => {
    expect(corsOriginsProblem(undefined)).toBeNull();
    expect(corsOriginsProblem(' ')).toBeNull();
    expect(corsOriginsProblem('https://shop.partner.ug, http://localhost:5173')).toBeNull();
    expect([...allowedOrigins('https://shop.partner.ug/, http://localhost:5173')]).toEqual(['https://shop.partner.ug', 'http://localhost:5173']);
  });

  it.each(['*', 'shop.partner.ug', 'https://shop.partner.ug/app', 'ftp://shop.partner.ug', 'https://shop.partner.ug?x=1'])(
    'refuses %s, saying what to write',
    (entry) => {
      expect(corsOriginsProblem(`https://ok.test,${entry}`)).toBe(
        `CORS_ORIGINS: "${entry}" is not an origin; list origins alone (scheme, host and port), e.g. CORS_ORIGINS=https://shop.partner.ug,https://m.duuka.ug`,
      );
    },
  );
});

describe('CORS headers', () => {
  const listed = allowedOrigins('https://shop.partner.ug');

  it('name a listed origin, with the methods and headers on a preflight, and never allow credentials', () => {
    expect(corsHeaders('https://shop.partner.ug', listed, true)).toEqual({
      'Access-Control-Allow-Origin': 'https://shop.partner.ug',
      'Access-Control-Expose-Headers': 'Retry-After',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, User-Id, X-Session-ID, Content-Type, Idempotency-Key',
      'Access-Control-Max-Age': '600',
    });
    expect(corsHeaders('https://shop.partner.ug', listed, false)).toEqual({
      'Access-Control-Allow-Origin': 'https://shop.partner.ug',
      'Access-Control-Expose-Headers': 'Retry-After',
    });
  });

  it.each([undefined, 'null', 'https://shop.partner.ug.evil.test', 'http://shop.partner.ug', 'https://SHOP.partner.ug'])('give %s nothing', (origin) => {
    expect(corsHeaders(origin, listed, true)).toEqual({});
  });
});

describe('the headers a preflight allows', () => {
  const listed = allowedOrigins('https://shop.partner.ug');
  const ours = 'Authorization, User-Id, X-Session-ID, Content-Type, Idempotency-Key';

  it("are the ones the spec's client asks for once logged in, underscores included", () => {
    const asked = 'authorization,content-type,http_user_id,tok,user-id,user_id';
    expect(allowedRequestHeaders(asked)).toBe(asked);
    expect(allowedRequestHeaders(' user_id , tok ')).toBe('user_id , tok');
    expect(corsHeaders('https://shop.partner.ug', listed, true, asked)['Access-Control-Allow-Headers']).toBe(asked);
  });

  it('are our own list when none are asked for, or the list is too long or not header names', () => {
    const longest = Array.from({ length: MAX_REQUESTED_HEADERS_LENGTH }, () => 'a').join('');
    expect(allowedRequestHeaders(longest)).toBe(longest);
    for (const asked of [undefined, '', ' ', `${longest}b`, 'user id', 'tok\r\nSet-Cookie: x=1', 'tok,,user_id', 'tok;x']) {
      expect(allowedRequestHeaders(asked), String(asked)).toBe(ours);
    }
  });

  it('are never given to an origin not listed', () => {
    expect(corsHeaders('https://elsewhere.test', listed, true, 'user_id')).toEqual({});
  });
});
