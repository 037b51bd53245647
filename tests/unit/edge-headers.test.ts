import { afterEach, describe, expect, it } from 'vitest';
import { reloadConfig } from '~/server/config';
import { apiTags, EDGE_ALL_TAG, edgeKeeps, edgeTagsOf } from '~/server/cache/edge-tags';
import { edgeVerdict, settleEdgeHeaders, type EdgeQuestion } from '~/server/http/edge-headers';
import { catalogueChange } from '~/server/catalog/catalogue-changes';
import { SYNONYMS_CHANGE } from '~/server/search/synonyms';
import { pageTags } from '~/server/cache/page-tags';

const kept = { surrogateControl: 'max-age=3600', cacheControl: 'public, no-cache', setCookie: false };
const ask = (change: Omit<Partial<EdgeQuestion>, 'reply'> & { reply?: Partial<EdgeQuestion['reply']> }): EdgeQuestion => ({
  method: 'GET',
  url: '/product/1',
  status: 200,
  request: {},
  ...change,
  reply: { ...kept, ...change.reply },
});

describe('what the edge is told to keep', () => {
  afterEach(() => {
    reloadConfig();
  });

  it('keeps a marked reply for the smaller of EDGE_CACHE_SECONDS and its own time, under its tags and `all`', () => {
    expect(edgeKeeps(['product:1', 'menu'])).toEqual({ 'Surrogate-Control': 'max-age=3600', xkey: 'all product:1 menu' });
    expect(edgeKeeps(['products'], 1800)['Surrogate-Control']).toBe('max-age=1800');
    reloadConfig({ EDGE_CACHE_SECONDS: '120' });
    expect(edgeKeeps([], 1800)['Surrogate-Control']).toBe('max-age=120');
  });

  it('keeps a marked 200 or 304 to a GET or HEAD that answers nobody in particular', () => {
    expect(edgeVerdict(ask({}))).toBe('keep');
    expect(edgeVerdict(ask({ status: 304, method: 'HEAD' }))).toBe('keep');
    expect(edgeVerdict(ask({ url: '/api/products?search=phone' }))).toBe('keep');
  });

  it('says no-store for sessions, bearer tokens, cookies set, private replies, errors and writes', () => {
    expect(edgeVerdict(ask({ request: { cookie: 'lang=lg; duuka_session=abc' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ url: '/api/products/1', request: { authorization: 'Bearer x' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ reply: { setCookie: true } }))).toBe('no-store');
    expect(edgeVerdict(ask({ reply: { cacheControl: 'private, no-store' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ status: 404 }))).toBe('no-store');
    expect(edgeVerdict(ask({ method: 'POST' }))).toBe('no-store');
    expect(edgeVerdict(ask({ reply: { surrogateControl: undefined, cacheControl: 'no-cache' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ status: 302, reply: { surrogateControl: undefined, cacheControl: 'private, no-store' } }))).toBe('no-store');
  });

  it('says no-store to an API search that names a searcher, whose history the store keeps', () => {
    expect(edgeVerdict(ask({ url: '/api/live-search?q=phone', request: { cookie: 'duuka_guest=g.1' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ url: '/api/live-search?q=phone', request: { sessionId: 'g.1' } }))).toBe('no-store');
    expect(edgeVerdict(ask({ url: '/api/live-search?q=phone&session_id=g.1' }))).toBe('no-store');
    // A page is the same whoever searched before.
    expect(edgeVerdict(ask({ request: { cookie: 'duuka_guest=g.1; data_saver=1' } }))).toBe('keep');
  });

  it('leaves long-lived public files to their own Cache-Control', () => {
    expect(edgeVerdict(ask({ url: '/_astro/a.css', reply: { surrogateControl: undefined, cacheControl: 'public, max-age=31536000, immutable' } }))).toBe(
      'cache-control',
    );
    const picture = { surrogateControl: undefined, cacheControl: 'public, max-age=2592000' };
    expect(edgeVerdict(ask({ url: '/img/480/webp/a.jpg', request: { cookie: 'duuka_session=abc' }, reply: picture }))).toBe('cache-control');
    expect(edgeVerdict(ask({ url: '/img/480/webp/a.jpg', status: 503, reply: picture }))).toBe('no-store');
  });

  function settled(question: EdgeQuestion, headers: Record<string, string>) {
    const head = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    settleEdgeHeaders(question, {
      setHeader: (name, value) => head.set(name.toLowerCase(), String(value)),
      getHeader: (name) => head.get(name.toLowerCase()),
      removeHeader: (name) => head.delete(name.toLowerCase()),
    });
    return Object.fromEntries(head);
  }

  it('writes Cache-Tag from xkey, and Vary: Cookie on pages only', () => {
    const page = settled(ask({}), { 'Surrogate-Control': 'max-age=3600', xkey: 'all menu product:1', Vary: 'Accept-Encoding, Save-Data' });
    expect(page['cache-tag']).toBe('all,menu,product:1');
    expect(page.vary).toBe('Accept-Encoding, Save-Data, Cookie');
    const api = settled(ask({ url: '/api/products/1' }), { 'Surrogate-Control': 'max-age=3600', xkey: 'all api:product', Vary: 'Accept-Language' });
    expect(api['cache-tag']).toBe('all,api:product');
    expect(api.vary).toBe('Accept-Language');
  });

  it('strips the tags from a reply the edge must not keep', () => {
    const personal = settled(ask({ request: { cookie: 'duuka_session=abc' } }), {
      'Surrogate-Control': 'max-age=3600',
      xkey: 'all menu',
      'Cache-Tag': 'all,menu',
    });
    expect(personal).toEqual({ 'surrogate-control': 'no-store' });
  });
});

describe('what a write purges at the edge', () => {
  it('purges the API replies whose cached reads the write drops', () => {
    expect(edgeTagsOf(catalogueChange).sort()).toEqual(
      [pageTags.menu, ...apiTags('products', 'product', 'categories', 'commissionRates', 'vendors', 'filters', 'search', 'manifest')].sort(),
    );
    // An order drops the products' figures: details, lists, filter counts, the manifest's sections.
    const order = { reads: ['product', 'filters:', 'manifest:'], pages: [pageTags.product(7), pageTags.allProducts] };
    expect(edgeTagsOf(order).sort()).toEqual([pageTags.product(7), pageTags.allProducts, ...apiTags('products', 'product', 'filters', 'manifest')].sort());
    expect(edgeTagsOf(SYNONYMS_CHANGE).sort()).toEqual(apiTags('products', 'search', 'filters').sort());
    expect(edgeTagsOf({ reads: ['categories:commission-rates'], pages: [pageTags.commissionRates] })).toEqual([
      pageTags.commissionRates,
      ...apiTags('commissionRates'),
    ]);
  });

  it('names `all` instead when a change has too many tags to name', () => {
    const pages = Array.from({ length: 200 }, (_, id) => pageTags.product(id));
    expect(edgeTagsOf({ reads: [], pages })).toEqual([EDGE_ALL_TAG]);
    expect(edgeTagsOf({ reads: [], pages: pages.slice(0, 20) })).toHaveLength(20);
  });
});
