import { describe, expect, it } from 'vitest';
import { askedLanguage } from '~/server/http/asked-language';

const asking = (acceptLanguage?: string) =>
  askedLanguage(new Request('http://store.test/api/orders', acceptLanguage === undefined ? {} : { headers: { 'Accept-Language': acceptLanguage } }));

describe('the language a request asks for', () => {
  it('is the first of the store’s languages the client prefers', () => {
    expect(asking('lg-UG')).toBe('lg');
    expect(asking('fr-FR, sw;q=0.5, en;q=0.3')).toBe('sw');
    expect(asking('en-UG')).toBe('en');
    expect(asking('fr, en-GB;q=0.2')).toBe('en');
  });

  it('is none when the client names none of them, or only refuses English', () => {
    expect(asking()).toBeNull();
    expect(asking('')).toBeNull();
    expect(asking('*')).toBeNull();
    expect(asking('fr-FR, de;q=0.8')).toBeNull();
    expect(asking('fr, en;q=0')).toBeNull();
  });
});
