import { describe, expect, it } from 'vitest';
import { chosenLanguagePath, languageOfAcceptLanguage, languageOfPath, pathInLanguage, pathWithoutLanguage } from '~/lib/i18n/languages';

describe('language paths', () => {
  it('reads the language from the first segment only', () => {
    expect(languageOfPath('/lg')).toBe('lg');
    expect(languageOfPath('/lg/products?page=2')).toBe('lg');
    expect(languageOfPath('/sw/')).toBe('sw');
    expect(languageOfPath('/lgx')).toBe('en');
    expect(languageOfPath('/products/lg')).toBe('en');
  });

  it('moves a path between languages, keeping its query and leaving other addresses alone', () => {
    expect(pathInLanguage('lg', '/cart')).toBe('/lg/cart');
    expect(pathInLanguage('lg', '/')).toBe('/lg');
    expect(pathInLanguage('sw', '/?q=1')).toBe('/sw?q=1');
    expect(pathInLanguage('en', '/sw/products?page=2')).toBe('/products?page=2');
    expect(pathInLanguage('sw', '/lg/product/5')).toBe('/sw/product/5');
    expect(pathInLanguage('lg', 'https://x.com/duukaug')).toBe('https://x.com/duukaug');
    expect(pathInLanguage('lg', '//evil.example/')).toBe('//evil.example/');
    expect(pathInLanguage('lg', '#reviews')).toBe('#reviews');
    expect(pathWithoutLanguage('/sw')).toBe('/');
    expect(pathWithoutLanguage('/lg/cart')).toBe('/cart');
  });

  it('sends an English page to the chosen language, and nothing else', () => {
    expect(chosenLanguagePath('/products?page=2', 'lang=sw')).toBe('/sw/products?page=2');
    expect(chosenLanguagePath('/', 'a=1; lang=lg')).toBe('/lg');
    expect(chosenLanguagePath('/lg/cart', 'lang=sw')).toBeNull();
    expect(chosenLanguagePath('/products', 'lang=en')).toBeNull();
    expect(chosenLanguagePath('/products', 'lang=fr')).toBeNull();
    expect(chosenLanguagePath('/products', null)).toBeNull();
    for (const notAPage of [
      '/api/products',
      '/img/400/webp/a.jpg',
      '/storage/a.jpg',
      '/_astro/x.js',
      '/sitemap.xml',
      '/robots.txt',
      '/language',
      '/data-saver',
    ]) {
      expect(chosenLanguagePath(notAPage, 'lang=lg')).toBeNull();
    }
  });

  it("takes the client's most wanted language the store speaks", () => {
    expect(languageOfAcceptLanguage('lg-UG')).toBe('lg');
    expect(languageOfAcceptLanguage('fr-FR, sw;q=0.8, en;q=0.5')).toBe('sw');
    expect(languageOfAcceptLanguage('en;q=0.4, lg;q=0.9')).toBe('lg');
    expect(languageOfAcceptLanguage('sw;q=0')).toBe('en');
    expect(languageOfAcceptLanguage('*')).toBe('en');
    expect(languageOfAcceptLanguage(null)).toBe('en');
  });
});
