/** The allow-list every link and picture on a marketer's page is checked against, and the renderer that applies it. */
import { describe, expect, it } from 'vitest';
import { destinationKind } from '../../src/server/content/safe-destinations';
import { markdownFindings, renderMarkdown } from '../../src/server/content/markdown';
import { startingDocuments } from '../../src/server/content/starting-content';
import type { PageContent, Promotions } from '../../src/lib/site-content';

/** Ways to write a script, a document or another site as a destination, as browsers would still read them. */
const REFUSED = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  '\u0001\u0008javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript\t:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  ' DATA:text/html,x',
  'jav&#x61;script:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'java%73cript:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript%3Aalert(1)',
  'file:///etc/passwd',
  'blob:https://duuka.ug/x',
  'http://example.com',
  'HTTP://example.com',
  'https:',
  'https://',
  'mailto:',
  'tel:call-me',
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '/\t/evil.example',
  ' //evil.example',
  'ｊavascript:alert(1)',
  '',
  '   ',
];

const ALLOWED: [string, string][] = [
  ['/help', 'store'],
  ['/product/12?colour=red#reviews', 'store'],
  ['/search?q=a:b', 'store'],
  ['help', 'store'],
  ['../faq', 'store'],
  ['#delivery', 'store'],
  ['?q=shoes', 'store'],
  ['/storage/images/content-abc.jpg', 'store'],
  ['https://wa.me/256770123456', 'https'],
  ['HTTPS://play.google.com/store', 'https'],
  ['mailto:support@duuka.ug', 'mailto'],
  ['tel:+256700123456', 'tel'],
  ['tel:+256 700 123 456', 'tel'],
];

describe('destinationKind: the allow-list', () => {
  it.each(REFUSED)('refuses %j', (destination) => {
    expect(destinationKind(destination)).toBeNull();
  });

  it.each(ALLOWED)('allows %j as %s', (destination, kind) => {
    expect(destinationKind(destination)).toBe(kind);
  });
});

/** Markdown that writes a forbidden destination each way the syntax allows. */
const ATTACKS = [
  '[t][x]\n\n[x]: javascript:alert(document.cookie)',
  '[t][x]\n\n[x]: <javascript:alert(1)>',
  '[t]\n\n[t]: data:text/html,hi',
  '[t][]\n\n[t]: vbscript:msgbox(1)',
  '[t][x]\n\n[x]: jav&#x61;script:alert(1)',
  '[t][x]\n\n[x]: &#106;avascript:alert(1)',
  '[t](jav&#x61;script:alert(1))',
  '[t](JaVaScRiPt:alert(1) "title")',
  '[t](<javascript:alert(1)>)',
  '[t](   javascript:alert(1))',
  '<javascript:alert(1)>',
  '<JAVASCRIPT:alert(1)>',
  '<vbscript:msgbox(1)>',
  '![p](data:image/svg+xml,<svg/onload=alert(1)>)',
  '![p][y]\n\n[y]: javascript:alert(1)',
  '[t](//evil.example)',
];

describe('the renderer applies the allow-list to what it renders', () => {
  it.each(ATTACKS)('takes the address off %j and reports it', async (markdown) => {
    const html = await renderMarkdown(markdown);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/(href|src)="\/\//);
    const { links } = await markdownFindings(markdown);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => destinationKind(link.url) === null)).toBe(true);
  });

  it('shows raw HTML as text, even behind an escaped backslash, and reports it', async () => {
    for (const markdown of ['a <img src=x onerror=alert(1)> b', '\\\\<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<div\nonclick=x>hi</div>']) {
      const html = await renderMarkdown(markdown);
      expect(html, markdown).not.toMatch(/<(img|script|div)\b/);
      expect((await markdownFindings(markdown)).rawHtml.length, markdown).toBeGreaterThan(0);
    }
  });

  it('keeps the store’s own links, https, mail and phone as they are', async () => {
    const html = await renderMarkdown('[help][h] [wa](https://wa.me/256770123456) <mailto:support@duuka.ug> [call](tel:+256700123456)\n\n[h]: /help');
    expect(html).toContain('<a href="/help">help</a>');
    expect(html).toContain('<a href="https://wa.me/256770123456">wa</a>');
    expect(html).toContain('<a href="mailto:support@duuka.ug">');
    expect(html).toContain('<a href="tel:+256700123456">call</a>');
  });
});

describe('the store’s starting content', () => {
  it('has no raw HTML and only allowed destinations, in every language', async () => {
    const documents = await startingDocuments();
    expect(documents.some((document) => document.language === 'lg')).toBe(true);
    for (const { key, language, kind, content } of documents) {
      const where = `${language}:${key}`;
      if (kind === 'page') {
        const { links, rawHtml } = await markdownFindings((content as PageContent).body);
        expect(rawHtml, where).toEqual([]);
        for (const { url } of links) expect(destinationKind(url), `${where} ${url}`).not.toBeNull();
      }
      if (kind === 'promotions') {
        const { tiles, banners } = content as Promotions;
        for (const url of [...tiles.map((tile) => tile.href), ...banners.flatMap((banner) => [banner.href, banner.image])]) {
          expect(destinationKind(url), `${where} ${url}`).not.toBeNull();
        }
      }
    }
  });
});
