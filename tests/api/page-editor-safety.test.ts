/**
 * No script through the page editor: links and pictures that would run a script or load a document (written
 * reference-style, entity-encoded, as autolinks) and raw HTML (even behind an escaped bracket) are refused in
 * drafts, at publish and by the live preview's render, in the editor's language, and never reach /about; the
 * editor's version and number are bounded (4xx, never 500); the store's own pages still publish.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, type Caller } from './callers';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;
/** The page the attack was served on; every write to it here is refused until the last test publishes it unchanged. */
const PAGE = 'about';
const RAW_HTML = 'body: must be Markdown without HTML tags';

let marketer: Caller;

beforeAll(async () => {
  marketer = await login(DEMO_ACCOUNTS.marketer.email, DEMO_ACCOUNTS.marketer.password, '10.241.0.1');
});

const current = async (key = PAGE): Promise<Row> => (await call(`/api/content/${key}`, marketer)).body.data;
const withBody = (document: Row, body: string) => ({ ...document.published, body: `${document.published.body}\n\n${body}` });

/** Each way of writing a forbidden destination, and the words the refusal names it by. */
const ATTACKS: [string, string][] = [
  ['Read [our story][x].\n\n[x]: javascript:alert(document.cookie)', 'body: link: javascript:alert(document.cookie) is not a link the store allows'],
  ['Read [our story][x].\n\n[x]: data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'is not a link the store allows'],
  ['Read [our story][x].\n\n[x]: vbscript:msgbox(1)', 'body: link: vbscript:msgbox(1) is not a link the store allows'],
  ['Read [our story][x].\n\n[x]: jav&#x61;script:alert(1)', 'body: link: javascript:alert(1) is not a link the store allows'],
  ['Read [our story][x].\n\n[x]: &#106;avascript:alert(1)', 'body: link: javascript:alert(1) is not a link the store allows'],
  ['Read [our story](JaVaScRiPt:alert(1)).', 'body: link: JaVaScRiPt:alert(1) is not a link the store allows'],
  ['Read [our story][].\n\n[our story]:   javascript:alert(1)', 'is not a link the store allows'],
  ['Write to <javascript:alert(1)>.', 'body: link: javascript:alert(1) is not a link the store allows'],
  ['See [us](//evil.example/about).', 'body: link: //evil.example/about is not a link the store allows'],
  ['See [us](http://example.com).', 'body: link: http://example.com is not a link the store allows'],
  ['![Us][p]\n\n[p]: data:image/svg+xml,x', 'body: picture: data:image/svg+xml,x is not a picture the store allows'],
];

/** Raw HTML, the escaped-bracket trick first. */
const RAW = ['\\<img src=x onerror=alert(1)>', 'Hello <img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<svg/onload=alert(1)>', '<!-- x -->'];

/** Nothing in a reply that a browser would run. */
function expectNoScript(reply: { body: unknown }, what: string) {
  const said = JSON.stringify(reply.body);
  expect(said, what).not.toMatch(/<script|<img[^>]*onerror|<svg|(href|src)=\\?"\s*(javascript|vbscript|data):/i);
}

describe('links and pictures in the page editor', () => {
  it('refuses each forbidden destination in a draft, at publish and in the live preview, and /about never serves it', async () => {
    const before = await current();
    for (const [attack, refusal] of ATTACKS) {
      const content = withBody(before, attack);
      const replies = [
        await call(`/api/content/${PAGE}/publish`, marketer, 'POST', { version: before.version, content }),
        await call(`/api/content/${PAGE}`, marketer, 'PUT', { version: before.version, content }),
        await call(`/api/content/${PAGE}/render`, marketer, 'POST', { content }),
      ];
      for (const reply of replies) {
        expect(reply.status, attack).toBe(400);
        expect(reply.body.message, attack).toContain(refusal);
        expect(reply.body.data, attack).toBeNull();
        expectNoScript(reply, attack);
      }
    }
    const after = await current();
    expect(after.version).toBe(before.version);
    expect(after.draft).toBeNull();
    const text = (await (await fetch(url(`/${PAGE}`))).text()).split('<article')[1]!.split('</article>')[0]!;
    expect(text).toContain('Our story');
    expect(text).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
  });

  it('refuses a forbidden link in the home promotions’ draft as well', async () => {
    const promotions = await current('home-promotions');
    const tiles = [{ ...promotions.published.tiles[0], href: 'javascript:alert(1)' }];
    const reply = await call('/api/content/home-promotions', marketer, 'PUT', { version: promotions.version, content: { ...promotions.published, tiles } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      'tiles.0.href: javascript:alert(1) is not a link the store allows: link to a page of the store (/help), or to https://, mailto: or tel:',
    );
  });

  it('renders the store’s own links, https, mail and phone in the live preview', async () => {
    const content = withBody(
      await current(),
      'See [help][h], [WhatsApp](https://wa.me/256770123456), <mailto:support@duuka.ug> or [call](tel:+256700123456).\n\n[h]: /help',
    );
    const reply = await call(`/api/content/${PAGE}/render`, marketer, 'POST', { content });
    expect(reply.status).toBe(200);
    expect(reply.body.data.html).toContain('<a href="/help">help</a>');
    expect(reply.body.data.html).toContain('<a href="https://wa.me/256770123456">WhatsApp</a>');
    expect(reply.body.data.html).toContain('<a href="mailto:support@duuka.ug">');
    expect(reply.body.data.html).toContain('<a href="tel:+256700123456">call</a>');
  });
});

describe('raw HTML in the page editor', () => {
  it('refuses it in a draft, at publish and in the live preview, even behind an escaped bracket', async () => {
    const before = await current();
    for (const raw of RAW) {
      const content = withBody(before, raw);
      const replies = [
        await call(`/api/content/${PAGE}`, marketer, 'PUT', { version: before.version, content }),
        await call(`/api/content/${PAGE}/render`, marketer, 'POST', { content }),
        await call(`/api/content/${PAGE}/publish`, marketer, 'POST', { version: before.version, content }),
      ];
      for (const reply of replies) {
        expect(reply.status, raw).toBe(400);
        expect(reply.body.message, raw).toContain(RAW_HTML);
        expectNoScript(reply, raw);
      }
    }
    expect((await current()).version).toBe(before.version);
  });

  it('says why in Luganda and Swahili to an editor who reads them', async () => {
    const before = await current();
    const content = withBody(before, '\\<img src=x onerror=alert(1)>');
    const expected = {
      'lg-UG': 'ebiwandiikiddwa (body): kiteekwa okuba Markdown awatali bubonero bwa HTML',
      'sw-UG': 'maandishi (body): lazima iwe Markdown bila vitambulisho vya HTML',
    };
    for (const [tag, words] of Object.entries(expected)) {
      const reply = await api(`/api/content/${PAGE}`, {
        method: 'PUT',
        headers: { ...marketer.headers, 'Content-Type': 'application/json', 'Accept-Language': tag },
        body: JSON.stringify({ version: before.version, content }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(words);
    }
    const link = await api(`/api/content/${PAGE}/render`, {
      method: 'POST',
      headers: { ...marketer.headers, 'Content-Type': 'application/json', 'Accept-Language': 'sw-UG' },
      body: JSON.stringify({ content: withBody(before, '[x][y]\n\n[y]: javascript:alert(1)') }),
    });
    expect(link.body.message).toBe(
      'body: link: javascript:alert(1) si kiungo ambacho duka linaruhusu: unganisha na ukurasa wa duka (/help), au na https://, mailto: au tel:',
    );
  });
});

describe('the editor’s numbers', () => {
  const WRONG: [unknown, string][] = [
    [2 ** 31, 'must be at most 2147483647'],
    [2 ** 53, 'must be at most 2147483647'],
    [1e300, 'must be at most 2147483647'],
    ['2147483648', 'must be at most 2147483647'],
    ['99999999999999999999999', 'must be at most 2147483647'],
    [1.5, 'must be a whole number'],
    ['1.5', 'must be a whole number'],
    ['one', 'must be a whole number'],
    [true, 'must be a whole number'],
    [[1], 'must be a whole number'],
    [{}, 'must be a whole number'],
  ];

  it('refuses a version out of bounds on every write with 400 naming it, never 500', async () => {
    const { published } = await current();
    for (const [version, rule] of WRONG) {
      const replies = [
        await call(`/api/content/${PAGE}`, marketer, 'PUT', { version, content: published }),
        await call(`/api/content/${PAGE}/publish`, marketer, 'POST', { version, content: published }),
        await call(`/api/content/${PAGE}/restore`, marketer, 'POST', { version, number: 1 }),
      ];
      for (const reply of replies) {
        expect(reply.status, JSON.stringify(version)).toBe(400);
        expect(reply.body.message, JSON.stringify(version)).toBe(`version: ${rule}`);
      }
    }
    for (const version of [0, -1, '-5', -1e300]) {
      const reply = await call(`/api/content/${PAGE}`, marketer, 'PUT', { version, content: published });
      expect(reply.status, JSON.stringify(version)).toBe(400);
      expect(reply.body.message).toBe('version: is required (the version of the page you started from)');
    }
  });

  it('refuses a version number to restore out of bounds with 400 naming it, never 500', async () => {
    const { version } = await current();
    const below: [unknown, string][] = [0, -1, '-5'].map((number) => [number, 'must be at least 1']);
    for (const [number, rule] of [...WRONG, ...below, [undefined, 'is required'], [null, 'is required']] as [unknown, string][]) {
      const reply = await call(`/api/content/${PAGE}/restore`, marketer, 'POST', { version, number });
      expect(reply.status, JSON.stringify(number)).toBe(400);
      expect(reply.body.message, JSON.stringify(number)).toBe(`number: ${rule}`);
    }
    for (const order of [2 ** 31, -1, 1.5, '3']) {
      const reply = await call(`/api/content/${PAGE}`, marketer, 'PUT', { version, content: { ...(await current()).published, order } });
      expect(reply.status, JSON.stringify(order)).toBe(400);
      expect(reply.body.message).toMatch(/^order: must be/);
    }
    const missing = await call(`/api/content/${PAGE}/restore`, marketer, 'POST', { version, number: 2 ** 31 - 1 });
    expect(missing.status).toBe(404);
    expect((await current()).version).toBe(version);
  });
});

describe('the store’s own content', () => {
  it('still publishes: every page and the promotions pass the allow-list as they are', async () => {
    const documents = (await call('/api/content', marketer)).body.data as Row[];
    for (const document of documents.filter((entry) => entry.kind !== 'contact')) {
      const reply = await call(`/api/content/${document.key}/publish`, marketer, 'POST', { version: document.version, content: document.published });
      expect(reply.status, `${document.key}: ${reply.body.message}`).toBe(200);
    }
  });
});
