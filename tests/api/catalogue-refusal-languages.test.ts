/**
 * The refusals a vendor, an administrator, a shopper and a marketer meet in the catalogue, reviews, the wishlist
 * and the page editor, asked in Luganda and Swahili: each says none of the English words of the same refusal in
 * English (names aside), and English is the table's entry, word for word.
 */
import { beforeAll, describe, it } from 'vitest';
import { api } from './client';
import { login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { expectRefusedInEveryLanguage } from './refused-in-languages';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { fieldRefusal } from '../../src/server/input-refusals';
import { message, type Message } from '../../src/lib/messages/message';
import { sayMessage } from '../../src/lib/messages/say-message';

type Row = Record<string, any>;

let admin: Caller;
let shopper: Caller;
let marketer: Caller;
let product: Row;

const english = (said: Message) => sayMessage(said, 'en');
const reviewRefusal = (reason: Message, failure: 'submitFailed' | 'deleteFailed' = 'submitFailed') =>
  english(message('api', 'because', message('review', failure), reason));

/** `who` sends `body` (JSON) to `path` in `language`. */
const ask = (who: Caller, path: string, method: string, body?: unknown) => (language: string) =>
  api(path, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language, ...who.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.244.0.1');
  shopper = await register('10.244.0.2', 'Namukasa');
  marketer = await login(DEMO_ACCOUNTS.marketer.email, DEMO_ACCOUNTS.marketer.password, '10.244.0.3');
  product = (await api('/api/products?limit=1')).body.data.data[0];
});

describe('the catalogue, refused in the language asked for', () => {
  it('a category without a name, and one that is a parent with a parent', async () => {
    await expectRefusedInEveryLanguage(ask(admin, '/api/categories', 'POST', {}), 400, english(fieldRefusal('category', message('field', 'required'))));
    const body = { category: `Misc ${Date.now()}`, is_parent: 'Yes', parent_id: 1 };
    await expectRefusedInEveryLanguage(ask(admin, '/api/categories', 'POST', body), 400, english(message('category', 'parentWithParent')));
  });

  it('a product sent by a shopper, and one an administrator sends without a name', async () => {
    await expectRefusedInEveryLanguage(ask(shopper, '/api/products', 'POST', { name: 'Kettle' }), 403, english(message('role', 'sellersOnly')));
    await expectRefusedInEveryLanguage(ask(admin, '/api/products', 'POST', {}), 400, english(fieldRefusal('name', message('field', 'required'))));
  });

  it('a shop without its name, and a shop that sets what only an administrator sets', async () => {
    const shop = { business_name: 'Namukasa Crafts', business_address: 'Plot 2, Jinja Road', business_phone_number: '0772 123 999' };
    const { business_name: _unnamed, ...unnamed } = shop;
    await expectRefusedInEveryLanguage(
      ask(shopper, '/api/vendors', 'POST', unnamed),
      400,
      english(fieldRefusal('business_name', message('field', 'required'))),
    );
    await expectRefusedInEveryLanguage(
      ask(shopper, '/api/vendors', 'POST', { ...shop, status: 'Active' }),
      403,
      english(fieldRefusal('status', message('role', 'adminSetsThis'))),
    );
  });
});

describe('reviews and the wishlist, refused in the language asked for', () => {
  it('a rating out of range, and a review that is not there', async () => {
    const review = { product_id: product.id, rating: 9, comment: 'Works well after a month.' };
    await expectRefusedInEveryLanguage(ask(shopper, '/api/reviews', 'POST', review), 400, reviewRefusal(message('review', 'badRating')));
    await expectRefusedInEveryLanguage(ask(shopper, '/api/reviews/99999999', 'DELETE'), 404, reviewRefusal(message('review', 'notFound'), 'deleteFailed'));
  });

  it('a wishlist item that is not an id', async () => {
    await expectRefusedInEveryLanguage(ask(shopper, '/api/wishlist/abc', 'DELETE'), 400, english(message('wishlistReply', 'badItemId')));
  });
});

describe('the page editor, refused in the language asked for', () => {
  it('raw HTML in a page, the Markdown examples aside', async () => {
    const page = (await api('/api/content/about', { headers: marketer.headers })).body.data;
    const content = { ...page.published, body: 'Welcome <b>home</b>' };
    await expectRefusedInEveryLanguage(
      ask(marketer, '/api/content/about/render', 'POST', { content }),
      400,
      english(fieldRefusal('body', message('contentSafety', 'rawHtml'))),
      ['Markdown', 'HTML', '**bold**', '/help', '/storage/images/', 'link'],
    );
  });
});
