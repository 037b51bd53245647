/** The marketers' content rules: the starting Markdown, drafts against publishing, the file round trip, the renderer, Compare. */
import { describe, expect, it } from 'vitest';
import { checkContent, checkContentIn } from '../../src/server/content/content-schemas';
import { pageFile, parsePageFile, startingDocuments } from '../../src/server/content/starting-content';
import { plainText, renderMarkdown } from '../../src/server/content/markdown';
import { diffLines } from '../../src/lib/line-diff';
import type { PageContent } from '../../src/lib/site-content';

const page: PageContent = {
  title: 'Selling on Duuka',
  description: 'How to open a shop on Duuka, list your products and get paid with Mobile Money across Uganda.',
  order: 10,
  body: 'Open a shop in **minutes**.\n\n## Fees\n\n- No listing fees',
  highlights: [{ title: 'Low fees', text: 'Pay only when you sell.' }],
  faqs: [{ question: 'How do I get paid?', answer: 'By Mobile Money, every week.' }],
};

describe('the starting content', () => {
  it('has every page of the store, each valid to publish, and the promotions and contact details', async () => {
    const documents = await startingDocuments();
    const keys = documents.map((document) => document.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'about',
        'about-legacy',
        'buyer-protection',
        'contact',
        'faq',
        'help',
        'mobile-apps',
        'privacy',
        'sell',
        'terms',
        'home-promotions',
        'contact-details',
      ]),
    );
    for (const document of documents) {
      expect(() => checkContentIn(document.language, document.kind, document.content, 'publish'), `${document.language}/${document.key}`).not.toThrow();
    }
  });

  it('names the file and the field of a mistake', () => {
    expect(() => parsePageFile('sell.md', '---\ntitle: Sell\nupdated: 2026-01-01\norder: 1\n---\nText')).toThrow(
      'sell.md: title: must be at least 5 characters',
    );
    expect(() => parsePageFile('sell.md', 'no frontmatter')).toThrow('sell.md: must start with frontmatter');
  });

  it('writes a page back to a Markdown file that reads back the same', () => {
    const file = pageFile(page, new Date('2026-11-20T10:00:00Z'));
    expect(file).toMatch(/^---\ntitle: Selling on Duuka\ndescription: .+\nupdated: 2026-11-20\norder: 10\nhighlights:\n/);
    expect(parsePageFile('sell.md', file)).toEqual({ content: page, updated: new Date('2026-11-20') });
  });
});

describe('checking content', () => {
  it('lets a draft be unfinished but refuses to publish it', () => {
    const unfinished = { ...page, title: '', description: 'Soon', body: 'Draft for now' };
    expect(checkContent('page', unfinished, 'draft').title).toBe('');
    expect(() => checkContent('page', unfinished, 'publish')).toThrow('title: must not be empty');
  });

  it('refuses raw HTML in a draft as at publish, even behind an escaped bracket', () => {
    for (const body of ['Draft with <b>HTML</b>', '\\<img src=x onerror=alert(1)>', 'Hi <!-- hidden -->', '<svg/onload=alert(1)>', 'a\n<div\nonclick=x>']) {
      for (const purpose of ['draft', 'publish'] as const) {
        expect(() => checkContent('page', { ...page, body }, purpose), `${purpose}: ${body}`).toThrow('body: must be Markdown without HTML tags');
      }
    }
  });

  it('still bounds a draft’s size and shape', () => {
    expect(() => checkContent('page', { ...page, body: 'x'.repeat(40_001) }, 'draft')).toThrow('body: must be at most 40000 characters');
    expect(() => checkContent('page', { ...page, order: 'first' }, 'draft')).toThrow('order: must be a number');
    expect(() => checkContent('promotions', { tiles: [{ title: 'A', text: 'B', href: '/' }], banners: [], extra: 1 }, 'draft')).toThrow('Unrecognized key');
  });

  it('allows autolinks in Markdown but no tags', () => {
    expect(checkContent('page', { ...page, body: 'Write to <mailto:help@duuka.ug> or see <https://duuka.ug>.' }, 'publish').body).toContain(
      '<https://duuka.ug>',
    );
    expect(() => checkContent('page', { ...page, body: 'Hi <!-- hidden -->' }, 'publish')).toThrow('HTML tags');
  });

  it('trims text and drops empty optional lists', () => {
    const checked = checkContent('page', { ...page, title: '  Selling on Duuka  ', heading: '', faqs: [], highlights: [] }, 'publish');
    expect(checked).toEqual({ ...page, title: 'Selling on Duuka', heading: undefined, faqs: undefined, highlights: undefined });
  });
});

describe('rendering', () => {
  it('renders Markdown as the store does, showing raw HTML as text', async () => {
    const html = await renderMarkdown('## Fees\n\n"Fair" prices <script>alert(1)</script> and <https://duuka.ug>');
    expect(html).toContain('<h2 id="fees">Fees</h2>');
    expect(html).toContain('“Fair”');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="https://duuka.ug">');
  });

  it('gives plain words for search excerpts', () => {
    expect(plainText('## Fees\n\nSee [our terms](/terms) and ![a stall](/storage/images/x.jpg).')).toBe('Fees See our terms and a stall.');
  });
});

describe('comparing versions', () => {
  it('marks lines only in the newer text as added and lines only in the older as removed', () => {
    expect(diffLines('a\nb\nc', 'a\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(diffLines('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });
});
