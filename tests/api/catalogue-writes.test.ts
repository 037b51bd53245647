/**
 * Catalogue writes: who may add, change and withdraw products, categories and shops, and what each write
 * really changes (what shoppers see, search, listings, stored pictures, orders placed before).
 *
 * Every product, category and vendor changed here is created here; seeded rows are only read. Products
 * go into categories made here (so the seeded category counts other files check never move), and every
 * product still live at the end is withdrawn, so no other file finds them in its listings.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, url, type Reply } from './client';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;
type Account = { id: number; email: string; headers: Record<string, string> };
type Caller = Account | null;
type Role = 'guest' | 'buyer' | 'pending' | 'seller' | 'demoVendor';

const UNAUTHENTICATED = 'Unauthenticated';
const SELLERS_ONLY = 'Only a vendor or an administrator can do this';
const AWAITING_APPROVAL = 'Your vendor account is waiting for approval by the store';
const NOT_ACTIVE = 'Your vendor account is not active; contact the store';
const ADMIN_ONLY = 'Only an administrator can do this';
const NOT_YOUR_PRODUCT = 'You can only change your own products';
const NOT_YOUR_SHOP = 'You can only change your own shop';
const BAD_METHOD = '_method: must be one of PUT, DELETE';
const PRICE_2_RULE = 'price_2: the old price must be above price_1, or left empty';
const NOT_A_PICTURE = 'must be a JPEG, PNG, WebP or AVIF picture';
const APPLIED = 'Your shop application was received; the store will review it';
const STATUS_FAILED = 'Failed to update order status';
const PASSWORD = 'Kampala-2026!';
/** Stored pictures are cached for a week; the default picture sent for a missing file only for 5 minutes. */
const STORED_CACHE = 'public, max-age=604800';
const FALLBACK_CACHE = 'public, max-age=300';

/** Letters only, so the made-up words below stay single search words, unique to this run. */
const TAG = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const word = (stem: string) => `${stem}${TAG}`;

// The server runs from the repository with the default storage folder, so its pictures are written here.
const IMAGES_DIR = path.resolve(process.env.STORAGE_DIR || 'storage', 'images');
const uploadedFiles = () =>
  readdirSync(IMAGES_DIR)
    .filter((name) => name.startsWith('product-'))
    .sort();
const STORED_NAME = /^product-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

let admin: Account;
let demoAdmin: Account;
let demoVendor: Account;
let buyer: Account;
let seller: Account;
let pending: Account;
let home: Row; // a parent category made here, with two children
let homeA: Row;
let homeB: Row;
let away: Row; // another parent, with one child
let awayChild: Row;
let location: Row;
let PNG: Uint8Array<ArrayBuffer>;

const createdProducts = new Set<number>();
const storedPictures = new Set<string>();

/** Each registration and login names its own address: registering is limited to 10 an hour per address. */
let addressCounter = 0;
const nextAddress = () => `10.240.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const as = (role: Role): Caller => (role === 'guest' ? null : { buyer, pending, seller, demoVendor }[role]);

/** Sends JSON for a plain object, multipart for FormData, as the caller (null: no token). */
function send(pathname: string, who: Caller, method = 'GET', body?: Row | FormData): Promise<Reply> {
  const multipart = body instanceof FormData;
  return api(pathname, {
    method,
    headers: { ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}), ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
}

function form(fields: Row): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) data.append(key, item instanceof File ? item : String(item));
  }
  return data;
}

function expectRefused(reply: Reply, status: number, message: string | RegExp) {
  expect(reply.status, `${reply.status} ${reply.body.message}`).toBe(status);
  expect(reply.body.code).toBe(0);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else expect(reply.body.message).toMatch(message);
  expect(reply.body.data).toBeNull();
}

function expectDone(reply: Reply, status: number, message: string) {
  expect({ status: reply.status, code: reply.body.code, message: reply.body.message }).toEqual({ status, code: 1, message });
}

async function login(email: string, password: string): Promise<Account & { user: Row }> {
  const reply = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ username: email, password }),
  });
  expect(reply.status, `logging in ${email}: ${reply.body.message}`).toBe(200);
  const user = reply.body.data;
  return { id: user.id, email, headers: { Authorization: `Bearer ${user.token}` }, user };
}

async function register(label: string): Promise<Account> {
  const email = `${label.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ email, password: PASSWORD, first_name: label, last_name: 'Tester' }),
  });
  expect(reply.status, `registering ${label}: ${reply.body.message}`).toBe(201);
  expect(reply.body.data.user_type).toBe('Customer');
  return { id: reply.body.data.id, email, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

const shopFields = (name: string) => ({ business_name: name, business_address: 'Plot 12, Kampala Road, Kampala', business_phone_number: '0772 123 456' });

/** A buyer applies for a shop: a vendor waiting for approval. */
async function openShop(account: Account, name: string): Promise<Row> {
  const reply = await send('/api/vendors', account, 'POST', shopFields(name));
  expectDone(reply, 201, APPLIED);
  expect(reply.body.data).toMatchObject({ id: account.id, user_type: 'Vendor', approved: 0, status: 'Active', business_name: name });
  return reply.body.data;
}

/** The administrator approves, suspends or reactivates a vendor (multipart, through the method override). */
async function setStanding(vendorId: number, fields: Row): Promise<Row> {
  const reply = await send(`/api/vendors/${vendorId}?_method=PUT`, admin, 'POST', form(fields));
  expectDone(reply, 200, 'Vendor updated');
  return reply.body.data;
}

async function addCategory(fields: Row): Promise<Row> {
  const reply = await send('/api/categories', admin, 'POST', fields);
  expectDone(reply, 201, 'Category created');
  return reply.body.data;
}

const picture = (background: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const photo = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' });

const productFields = (name: string, overrides: Row = {}): Row => ({
  name,
  price_1: '345,000',
  category: String(home.id),
  total_items: '10',
  feature_photo: photo(),
  ...overrides,
});

/** Remembers a product made here (withdrawn at the end) and its stored pictures (removed at the end). */
function track(product: Row): Row {
  createdProducts.add(product.id);
  for (const name of product.images ?? []) storedPictures.add(name);
  return product;
}

async function addProduct(who: Account, name: string, overrides: Row = {}): Promise<Row> {
  const reply = await send('/api/products', who, 'POST', form(productFields(name, overrides)));
  expect(reply.status, `adding ${name}: ${reply.body.message}`).toBe(201);
  return track(reply.body.data);
}

async function changeProduct(who: Account, id: number, fields: Row): Promise<Row> {
  const reply = await send(`/api/products/${id}?_method=PUT`, who, 'POST', form(fields));
  expectDone(reply, 200, 'Product updated');
  return track(reply.body.data);
}

/** What a shopper gets for a product: its details, or the status when it is not for sale. */
const shopperView = async (id: number) => api(`/api/products/${id}`);
const searchIds = async (q: string): Promise<number[]> =>
  (await api(`/api/live-search?q=${encodeURIComponent(q)}&limit=24`)).body.data.products.map((p: Row) => p.id);
const listedIds = async (query: string): Promise<number[]> => (await api(`/api/products?${query}&limit=100`)).body.data.data.map((p: Row) => p.id);
const activeVendorIds = async (): Promise<number[]> => (await api('/api/vendors')).body.data.map((v: Row) => v.id);
const categoryOf = async (id: number) => api(`/api/categories/${id}`);

async function expectStoredPicture(name: string, width = 64, height = 48) {
  expect(name).toMatch(STORED_NAME);
  const response = await fetch(url(`/storage/images/${name}`));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(response.headers.get('cache-control'), `${name} is the stored file, not the default picture`).toBe(STORED_CACHE);
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width, height });
}

async function placeOrder(product: Row, quantity: number): Promise<Row> {
  const reply = await send('/api/orders', buyer, 'POST', {
    items: [{ product_id: product.id, quantity, price: Number(product.price_1) }],
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 123 456',
    delivery_location_id: location.id,
    delivery_address: 'Plot 5, Ntinda Road, near the market',
    payment_gateway: 'cash_on_delivery',
  });
  expect(reply.status, `ordering ${product.name}: ${reply.body.message}`).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  PNG = new Uint8Array(await picture('#2a7'));
  const [adminLogin, demoAdminLogin, demoVendorLogin] = await Promise.all([
    login(ADMIN.email, ADMIN.password),
    login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password),
  ]);
  expect(adminLogin.user.user_type).toBe('Admin');
  expect(demoAdminLogin.user.user_type).toBe('Admin');
  expect(demoVendorLogin.user).toMatchObject({ user_type: 'Vendor', approved: 1, status: 'Active' });
  [admin, demoAdmin, demoVendor] = [adminLogin, demoAdminLogin, demoVendorLogin];

  [buyer, seller, pending] = await Promise.all([register('Nakato'), register('Seller'), register('Pending')]);
  await openShop(seller, `Vembrolic Traders ${TAG}`);
  expect(await setStanding(seller.id, { approved: '1' })).toMatchObject({ approved: 1, status: 'Active' });
  await openShop(pending, `Waiting Traders ${TAG}`);

  home = await addCategory({ category: `Vembrolic Wares ${TAG}` });
  homeA = await addCategory({ category: 'Alpha Goods', parent_id: home.id });
  homeB = await addCategory({ category: 'Beta Goods', parent_id: home.id });
  away = await addCategory({ category: `Plimbatz Wares ${TAG}` });
  awayChild = await addCategory({ category: 'Gamma Goods', parent_id: away.id });
  location = (await api('/api/manifest')).body.data.delivery_locations[1];
  expect(location).toMatchObject({ id: expect.any(Number) });
});

afterAll(async () => {
  if (!admin) return;
  // Withdraws what is still live, so later files never meet these products in their listings.
  for (const id of createdProducts) await send(`/api/products/${id}`, admin, 'DELETE');
  for (const name of storedPictures) if (STORED_NAME.test(name)) rmSync(path.join(IMAGES_DIR, name), { force: true });
});

describe('method override', () => {
  it.each(['products', 'categories', 'vendors', 'reviews'])('POST /api/%s/{id} with a _method other than PUT or DELETE, or none, is 405', async (resource) => {
    for (const method of ['GET', 'OPTIONS', 'POST', 'HEAD', null]) {
      const query = method === null ? '' : `?_method=${method}`;
      const reply = await send(`/api/${resource}/1${query}`, admin, 'POST', {});
      expect(reply.status, `${resource} ${query}`).toBe(405);
      expect(reply.body.message, `${resource} ${query}`).toBe(BAD_METHOD);
      expect(reply.headers.get('allow')).toBe('POST, PUT, DELETE');
    }
  });

  it('_method=PATCH acts as PUT, the override is not case-sensitive, and the real PUT verb works too', async () => {
    const product = await addProduct(seller, `Override Mug ${TAG}`);
    const patched = await send(`/api/products/${product.id}?_method=PATCH`, seller, 'POST', { summary: 'patched' });
    expectDone(patched, 200, 'Product updated');
    expect(patched.body.data.summary).toBe('patched');
    const lower = await send(`/api/products/${product.id}?_method=put`, seller, 'POST', form({ summary: 'lower case' }));
    expectDone(lower, 200, 'Product updated');
    expect(lower.body.data.summary).toBe('lower case');
    const real = await send(`/api/products/${product.id}`, seller, 'PUT', form({ summary: 'a real PUT' }));
    expectDone(real, 200, 'Product updated');
    expect((await shopperView(product.id)).body.data.summary).toBe('a real PUT');
    expectDone(await send(`/api/products/${product.id}?_method=DELETE`, seller, 'POST'), 200, 'Product deleted');
    expect((await shopperView(product.id)).status).toBe(404);
  });
});

describe('POST /api/products', () => {
  const REFUSED_NAME = () => `Refusedquix${TAG} Mug`;

  /** A refused request leaves nothing behind: no stored picture, no product to find. */
  async function expectNothingStored(before: string[]) {
    expect(uploadedFiles()).toEqual(before);
    expect(await searchIds(word('refusedquix'))).toEqual([]);
  }

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
  ] as const)('refuses %s and stores nothing', async (_label, role, status, message) => {
    const before = uploadedFiles();
    expectRefused(await send('/api/products', as(role), 'POST', form(productFields(REFUSED_NAME()))), status, message);
    await expectNothingStored(before);
  });

  it('an approved vendor adds a product with pictures: the reply is the product in API shape, its pictures stored as JPEGs', async () => {
    const before = uploadedFiles();
    const counts = { home: (await categoryOf(home.id)).body.data.product_count, shop: (await api(`/api/vendors/${seller.id}`)).body.data.product_count };
    const reply = await send(
      '/api/products',
      seller,
      'POST',
      form(
        productFields(`Zanzibarquix${TAG} Kettle`, {
          price_1: '345,000',
          price_2: '399000',
          // A subcategory alone: the product goes under its parent.
          category: String(homeB.id),
          total_items: '12',
          keywords: '["chai","boiler"]',
          colors: 'Red, Blue',
          variants: '{"Capacity":["1L","2L"]}',
          tags: 'kitchen,tea',
          description: 'Boils water in two minutes.',
          summary: 'A fast kettle',
          metric: 'Piece',
          p_type: 'Yes',
          images: [
            new File([new Uint8Array(await picture('#a27', 80, 60))], 'side.png', { type: 'image/png' }),
            new File([new Uint8Array(await picture('#27a', 30, 40))], 'back.png', { type: 'image/png' }),
          ],
        }),
      ),
    );
    expectDone(reply, 201, 'Product created');
    const product = track(reply.body.data);
    expect(product).toMatchObject({
      id: expect.any(Number),
      name: `Zanzibarquix${TAG} Kettle`,
      price_1: '345000',
      price_2: '399000',
      category: home.id,
      sub_category: homeB.id,
      category_text: 'Beta Goods',
      supplier: seller.id,
      user: seller.id,
      status: 1,
      in_stock: 1,
      stock: { items_sold: 0, total_items: 12 },
      keywords: ['chai', 'boiler'],
      has_colors: 'Yes',
      colors: 'Red,Blue',
      variants: { Capacity: ['1L', '2L'] },
      tags_array: ['kitchen', 'tea'],
      description: 'Boils water in two minutes.',
      summary: 'A fast kettle',
      p_type: 'Yes',
    });
    expect(product).not.toHaveProperty('deleted_at');
    expect(product.images).toHaveLength(3);
    expect(product.images[0]).toBe(product.feature_photo);
    expect(new Set(product.images).size).toBe(3);
    await expectStoredPicture(product.feature_photo, 64, 48);
    await expectStoredPicture(product.images[1], 80, 60);
    await expectStoredPicture(product.images[2], 30, 40);
    expect(uploadedFiles()).toEqual([...before, ...product.images].sort());

    const seen = await shopperView(product.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ id: product.id, price_1: '345000', vendor: { id: seller.id, business_name: `Vembrolic Traders ${TAG}` } });
    expect(await searchIds(word('zanzibarquix'))).toEqual([product.id]);
    expect(await listedIds(`vendor=${seller.id}`)).toContain(product.id);
    expect((await categoryOf(home.id)).body.data.product_count).toBe(counts.home + 1);
    expect((await api(`/api/vendors/${seller.id}`)).body.data.product_count).toBe(counts.shop + 1);
  });

  it('reads comma-separated keywords and colours, and fills what is left out', async () => {
    const product = await addProduct(seller, `Plain Flask ${TAG}`, { keywords: 'thermos, flask', total_items: '0' });
    expect(product).toMatchObject({
      price_2: '',
      category: home.id,
      sub_category: null,
      keywords: ['thermos', 'flask'],
      has_colors: 'No',
      colors: '',
      metric: 'Piece',
      p_type: 'No',
      status: 1,
      in_stock: 0,
      stock: { items_sold: 0, total_items: 0 },
      home_section_1: 0,
    });
  });

  it('an administrator adds a product for the store, or for an approved vendor with a home section', async () => {
    const store = await addProduct(admin, `Store Basket ${TAG}`);
    expect(store).toMatchObject({ supplier: null, user: admin.id });
    const forSeller = await addProduct(demoAdmin, `Seller Basket ${TAG}`, { supplier: String(seller.id), home_section_1: '1' });
    expect(forSeller).toMatchObject({ supplier: seller.id, user: demoAdmin.id, home_section_1: 1 });
    // The vendor named as supplier now manages it.
    expect((await changeProduct(seller, forSeller.id, { summary: 'mine now' })).summary).toBe('mine now');
    expect(await listedIds(`home_section_1=1&vendor=${seller.id}`)).toContain(forSeller.id);
    const before = uploadedFiles();
    expectRefused(
      await send('/api/products', admin, 'POST', form(productFields(REFUSED_NAME(), { supplier: String(pending.id) }))),
      400,
      'supplier: must be an approved, active vendor',
    );
    await expectNothingStored(before);
  });

  it.each(['supplier', 'home_section_1', 'home_section_2', 'home_section_3'])("a vendor sending %s (an administrator's field) is refused", async (field) => {
    const before = uploadedFiles();
    const reply = await send('/api/products', seller, 'POST', form(productFields(REFUSED_NAME(), { [field]: field === 'supplier' ? String(seller.id) : '1' })));
    expectRefused(reply, 403, `${field}: only an administrator sets this`);
    await expectNothingStored(before);
  });

  it.each<[string, () => Row, number, string | RegExp]>([
    ['no feature_photo', () => ({ feature_photo: undefined }), 400, 'feature_photo: add a picture of the product'],
    ['a feature_photo that is text, not a file', () => ({ feature_photo: 'photo.png' }), 400, 'feature_photo: add a picture of the product'],
    ['no name', () => ({ name: undefined, keywords: word('refusedquix') }), 400, 'name: is required'],
    ['a one-letter name', () => ({ name: 'Q', keywords: word('refusedquix') }), 400, 'name: must be at least 2 characters'],
    ['no price', () => ({ price_1: undefined }), 400, 'price_1: is required'],
    ['a price of 0', () => ({ price_1: '0' }), 400, 'price_1: must be above 0'],
    ['shillings with cents', () => ({ price_1: '15000.50' }), 400, 'price_1: must be whole shillings (UGX has no decimals)'],
    ['an old price below the price', () => ({ price_2: '300000' }), 400, PRICE_2_RULE],
    ['an old price equal to the price', () => ({ price_2: '345000' }), 400, PRICE_2_RULE],
    ['no category', () => ({ category: undefined }), 400, 'category: is required'],
    ['an unknown category', () => ({ category: '99999999' }), 400, 'category: no such category'],
    ['a category id too large for any row', () => ({ category: '1000000000000' }), 400, 'category: must be an id'],
    [
      'a subcategory of another category',
      () => ({ category: String(home.id), sub_category: String(awayChild.id) }),
      400,
      'sub_category: must be a subcategory of the chosen category',
    ],
    [
      'a subcategory id with a different sub_category',
      () => ({ category: String(homeA.id), sub_category: String(homeB.id) }),
      400,
      'sub_category: must be a subcategory of the chosen category',
    ],
    ['no stock', () => ({ total_items: undefined }), 400, 'total_items: is required'],
    ['negative stock', () => ({ total_items: '-1' }), 400, 'total_items: must not be negative'],
    ['has_colors Yes without colours', () => ({ has_colors: 'Yes' }), 400, /^colors: /],
    ['variants that are a list', () => ({ variants: '["64GB","128GB"]' }), 400, /^variants: /],
    ['variants that are not JSON', () => ({ variants: 'Storage=64GB' }), 400, /^variants: /],
    ['nine extra pictures', () => ({ images: Array.from({ length: 9 }, (_, i) => photo(`extra-${i}.png`)) }), 400, 'images: at most 8 pictures'],
    [
      'a text file sent as image/png',
      () => ({ feature_photo: new File(['just some words, not a picture'], 'fake.png', { type: 'image/png' }) }),
      400,
      `feature_photo: ${NOT_A_PICTURE}`,
    ],
    [
      'a picture over 5 MB',
      () => ({ feature_photo: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }) }),
      413,
      'feature_photo: must be at most 5 MB',
    ],
    // The feature photo is stored before the gallery is read; it must be removed again.
    [
      'a good photo with a gallery file that is not a picture',
      () => ({ images: [photo('ok.png'), new File(['<svg onload=alert(1)>'], 'bad.png', { type: 'image/png' })] }),
      400,
      `images: ${NOT_A_PICTURE}`,
    ],
  ])('refuses %s and stores nothing', async (_label, overrides, status, message) => {
    const before = uploadedFiles();
    expectRefused(await send('/api/products', seller, 'POST', form(productFields(REFUSED_NAME(), overrides()))), status, message);
    await expectNothingStored(before);
  });
});

describe('PUT /api/products/{id}', () => {
  let flask: Row;
  let theirs: Row;

  beforeAll(async () => {
    flask = await addProduct(seller, `Snorfwiddle${TAG} Flask`, { price_1: '250,000', category: String(homeA.id), description: 'Keeps tea hot all day.' });
    theirs = await addProduct(demoVendor, `Demo Vendor Jug ${TAG}`, { price_1: '150000' });
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_PRODUCT],
  ] as const)('refuses %s and changes nothing', async (_label, role, status, message) => {
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, as(role), 'POST', form({ price_1: '1000', name: 'Hijacked' })), status, message);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ price_1: '250000', name: flask.name });
  });

  it('answers 404 "Product not found" for an unknown or malformed id', async () => {
    for (const id of ['99999999', 'abc', '0']) {
      expectRefused(await send(`/api/products/${id}?_method=PUT`, seller, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
      expectRefused(await send(`/api/products/${id}?_method=PUT`, admin, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
    }
  });

  it('changes only the fields sent, and details, listings and search show the new price at once', async () => {
    // Read first, so the old values are cached.
    expect((await shopperView(flask.id)).body.data.price_1).toBe('250000');
    expect((await api(`/api/products?search=${word('snorfwiddle')}`)).body.data.data[0].price_1).toBe('250000');
    const updated = await changeProduct(seller, flask.id, { price_1: '275,000' });
    const { price_1, updated_at: _newTime, ...unchanged } = updated;
    const { price_1: _oldPrice, updated_at: _oldTime, ...before } = flask;
    expect(price_1).toBe('275000');
    expect(unchanged).toEqual(before);
    expect((await shopperView(flask.id)).body.data.price_1).toBe('275000');
    expect((await api(`/api/products?search=${word('snorfwiddle')}`)).body.data.data[0].price_1).toBe('275000');
    expect((await api(`/api/live-search?q=${word('snorfwiddle')}`)).body.data.products[0]).toMatchObject({ id: flask.id, price_1: '275000' });
  });

  it('keeps the old price above the price', async () => {
    expect((await changeProduct(seller, flask.id, { price_2: '300,000' })).price_2).toBe('300000');
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ price_1: '300000' })), 400, PRICE_2_RULE);
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ price_2: '200000' })), 400, PRICE_2_RULE);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ price_1: '275000', price_2: '300000' });
    expect((await changeProduct(seller, flask.id, { price_2: '' })).price_2).toBe('');
  });

  it.each(['supplier', 'home_section_2'])("refuses a vendor changing %s (an administrator's field)", async (field) => {
    expectRefused(
      await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ [field]: field === 'supplier' ? String(demoVendor.id) : '1' })),
      403,
      `${field}: only an administrator sets this`,
    );
    expect((await shopperView(flask.id)).body.data).toMatchObject({ supplier: seller.id, home_section_2: 0 });
  });

  it("an administrator may change any vendor's product", async () => {
    expect((await changeProduct(demoAdmin, flask.id, { description: 'Checked by the store.' })).description).toBe('Checked by the store.');
    expect(await changeProduct(admin, theirs.id, { price_1: '155000', home_section_2: '1' })).toMatchObject({
      price_1: '155000',
      home_section_2: 1,
      supplier: demoVendor.id,
    });
    expect((await shopperView(theirs.id)).body.data.price_1).toBe('155000');
  });

  it('a new name reaches search at once, and the old word no longer finds it', async () => {
    expect(await searchIds(word('snorfwiddle'))).toEqual([flask.id]);
    const renamed = await changeProduct(seller, flask.id, { name: `Gribblenook${TAG} Flask` });
    expect(renamed.name).toBe(`Gribblenook${TAG} Flask`);
    expect(await searchIds(word('gribblenook'))).toEqual([flask.id]);
    expect(await searchIds(word('snorfwiddle'))).toEqual([]);
    expect((await shopperView(flask.id)).body.data.name).toBe(`Gribblenook${TAG} Flask`);
  });

  it('status 0 hides it from shoppers, search and listings, but its vendor can still change it', async () => {
    expect((await changeProduct(seller, flask.id, { status: '0' })).status).toBe(0);
    expectRefused(await shopperView(flask.id), 404, 'Product not found');
    expect(await searchIds(word('gribblenook'))).toEqual([]);
    expect(await listedIds(`vendor=${seller.id}`)).not.toContain(flask.id);
    expect(await changeProduct(seller, flask.id, { price_1: '260000' })).toMatchObject({ status: 0, price_1: '260000' });
    expect((await changeProduct(seller, flask.id, { status: '1' })).status).toBe(1);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ status: 1, price_1: '260000' });
    expect(await searchIds(word('gribblenook'))).toEqual([flask.id]);
  });

  it('a new feature photo replaces the old one, whose file is removed', async () => {
    const old = (await shopperView(flask.id)).body.data.feature_photo;
    await expectStoredPicture(old);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a27' } })
      .jpeg()
      .toBuffer();
    const updated = await changeProduct(seller, flask.id, { feature_photo: new File([new Uint8Array(jpeg)], 'new.jpg', { type: 'image/jpeg' }) });
    expect(updated.feature_photo).not.toBe(old);
    expect(updated.images).toEqual([updated.feature_photo]);
    await expectStoredPicture(updated.feature_photo, 40, 30);
    expect(uploadedFiles()).not.toContain(old);
    const gone = await fetch(url(`/storage/images/${old}`));
    expect(gone.headers.get('cache-control')).toBe(FALLBACK_CACHE);
  });

  it('keeps the stock at or above what is already sold', async () => {
    const order = await placeOrder((await shopperView(flask.id)).body.data, 3);
    expect(order.items[0]).toMatchObject({ product_id: flask.id, quantity: 3 });
    expectRefused(
      await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ total_items: '2' })),
      400,
      'total_items: 3 units are already sold, so the stock cannot be below 3',
    );
    expect((await shopperView(flask.id)).body.data.stock).toEqual({ items_sold: 3, total_items: 10 });
    expect(await changeProduct(seller, flask.id, { total_items: '3' })).toMatchObject({ in_stock: 0, stock: { items_sold: 3, total_items: 3 } });
  });

  it('sending only a subcategory id as category moves the product into that subcategory', async () => {
    const product = await addProduct(seller, `Mover Cup ${TAG}`, { category: String(homeA.id) });
    expect(product).toMatchObject({ category: home.id, sub_category: homeA.id });
    const reply = await send(`/api/products/${product.id}?_method=PUT`, seller, 'POST', form({ category: String(homeB.id) }));
    expectDone(reply, 200, 'Product updated');
    expect(reply.body.data).toMatchObject({ category: home.id, sub_category: homeB.id });
  });
});

describe('DELETE /api/products/{id}', () => {
  let teapot: Row;
  let order: Row;

  beforeAll(async () => {
    teapot = await addProduct(seller, `Xylofrump${TAG} Teapot`, { price_1: '180,000', category: String(homeA.id) });
    order = await placeOrder(teapot, 2);
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_PRODUCT],
  ] as const)('refuses %s, and the product stays for sale', async (_label, role, status, message) => {
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, as(role), 'POST'), status, message);
    expect((await shopperView(teapot.id)).status).toBe(200);
  });

  it('its vendor withdraws it: gone from details, search and listings, not for sale, and the earlier order is intact', async () => {
    expect(await searchIds(word('xylofrump'))).toEqual([teapot.id]);
    expect(await listedIds(`vendor=${seller.id}`)).toContain(teapot.id);
    const inCategory = (await categoryOf(homeA.id)).body.data.product_count;

    const reply = await send(`/api/products/${teapot.id}`, seller, 'DELETE');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 1, message: 'Product deleted', data: { id: teapot.id } });

    expectRefused(await shopperView(teapot.id), 404, 'Product not found');
    expect(await searchIds(word('xylofrump'))).toEqual([]);
    expect((await api(`/api/products?search=${word('xylofrump')}`)).body.data.total).toBe(0);
    expect(await listedIds(`vendor=${seller.id}`)).not.toContain(teapot.id);
    expect(await listedIds(`category=${homeA.id}`)).not.toContain(teapot.id);
    expect((await categoryOf(homeA.id)).body.data.product_count).toBe(inCategory - 1);
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, seller, 'POST'), 404, 'Product not found');
    expectRefused(await send(`/api/products/${teapot.id}?_method=PUT`, seller, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, admin, 'POST'), 404, 'Product not found');

    const again = await send('/api/orders', buyer, 'POST', {
      items: [{ product_id: teapot.id, quantity: 1, price: 180000 }],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 123 456',
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ntinda Road, near the market',
      payment_gateway: 'cash_on_delivery',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Failed to place order: product ${teapot.id} is no longer for sale`);

    const kept = await send(`/api/orders/${order.id}`, buyer);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id: order.id, status: 'pending', total: order.total });
    expect(kept.body.data.items).toHaveLength(1);
    expect(kept.body.data.items[0]).toMatchObject({
      product_id: teapot.id,
      product_name: `Xylofrump${TAG} Teapot`,
      unit_price: 180000,
      quantity: 2,
      subtotal: 360000,
    });
  });

  it("an administrator may withdraw any vendor's product", async () => {
    const jug = await addProduct(demoVendor, `Demo Vendor Bowl ${TAG}`);
    expectDone(await send(`/api/products/${jug.id}?_method=DELETE`, demoAdmin, 'POST'), 200, 'Product deleted');
    expectRefused(await shopperView(jug.id), 404, 'Product not found');
  });
});

describe('categories', () => {
  const ADMIN_REFUSALS = [
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, ADMIN_ONLY],
    ['a vendor not yet approved', 'pending', 403, ADMIN_ONLY],
    ['an approved vendor', 'seller', 403, ADMIN_ONLY],
    ['the demo vendor', 'demoVendor', 403, ADMIN_ONLY],
  ] as const;
  const allCategories = async (): Promise<Row[]> => (await api('/api/categories')).body.data;

  it.each(ADMIN_REFUSALS)('POST: refuses %s, and no category is added', async (_label, role, status, message) => {
    expectRefused(await send('/api/categories', as(role), 'POST', { category: `Refused ${TAG}` }), status, message);
    expect((await allCategories()).some((c) => c.category === `Refused ${TAG}`)).toBe(false);
  });

  it('POST: an administrator adds a parent, and a child under it', async () => {
    const parent = await send('/api/categories', demoAdmin, 'POST', form({ category: `Quorbish ${TAG}`, show_in_banner: 'No', attributes: 'Brand, Size' }));
    expectDone(parent, 201, 'Category created');
    expect(parent.body.data).toMatchObject({
      id: expect.any(Number),
      category: `Quorbish ${TAG}`,
      parent_id: null,
      is_parent: 'Yes',
      attributes: ['Brand', 'Size'],
      product_count: 0,
      children: [],
    });
    const child = await send('/api/categories', admin, 'POST', { category: 'Quorbish Minis', parent_id: parent.body.data.id });
    expectDone(child, 201, 'Category created');
    expect(child.body.data).toMatchObject({ parent_id: parent.body.data.id, is_parent: 'No', parent_text: `Quorbish ${TAG}` });
    const listed = await allCategories();
    expect(listed.find((c) => c.id === child.body.data.id)).toMatchObject({ category: 'Quorbish Minis', parent_id: parent.body.data.id });
    expect((await categoryOf(parent.body.data.id)).body.data.children.map((c: Row) => c.id)).toEqual([child.body.data.id]);
  });

  it.each<[string, () => Row, number, string | RegExp]>([
    ['a child category as parent', () => ({ category: 'Deep Goods', parent_id: homeA.id }), 400, 'parent_id: Alpha Goods is not a parent category'],
    ['an unknown parent', () => ({ category: 'Orphan Goods', parent_id: 99999999 }), 400, 'parent_id: no such category'],
    [
      'a name already used under the same parent (in other letters)',
      () => ({ category: 'ALPHA goods', parent_id: home.id }),
      409,
      /^category: there is already a category named /,
    ],
    ['a parent name already used', () => ({ category: `Vembrolic Wares ${TAG}` }), 409, /^category: there is already a category named /],
    [
      'a parent (is_parent Yes) with a parent',
      () => ({ category: 'Confused Goods', parent_id: home.id, is_parent: 'Yes' }),
      400,
      'parent_id: a parent category (is_parent Yes) has no parent',
    ],
    ['a one-letter name', () => ({ category: 'Q' }), 400, 'category: must be at least 2 characters'],
  ])('POST: refuses %s', async (_label, body, status, message) => {
    const before = (await allCategories()).length;
    expectRefused(await send('/api/categories', admin, 'POST', body()), status, message);
    expect((await allCategories()).length).toBe(before);
  });

  it('POST: the same name under another parent is fine', async () => {
    const twin = await addCategory({ category: 'Alpha Goods', parent_id: away.id });
    expect(twin).toMatchObject({ parent_id: away.id, is_parent: 'No' });
  });

  it.each(ADMIN_REFUSALS)('PUT: refuses %s, and the category keeps its name', async (_label, role, status, message) => {
    expectRefused(await send(`/api/categories/${awayChild.id}?_method=PUT`, as(role), 'POST', form({ category: 'Hijacked' })), status, message);
    expect((await categoryOf(awayChild.id)).body.data.category).toBe('Gamma Goods');
  });

  it('PUT: an administrator renames a category; it cannot be its own parent; an unknown one is 404', async () => {
    const renamed = await send(`/api/categories/${awayChild.id}?_method=PUT`, admin, 'POST', form({ category: 'Gamma Things' }));
    expectDone(renamed, 200, 'Category updated');
    expect(renamed.body.data).toMatchObject({ id: awayChild.id, category: 'Gamma Things', parent_id: away.id });
    expect((await allCategories()).find((c) => c.id === awayChild.id)!.category).toBe('Gamma Things');
    expectRefused(
      await send(`/api/categories/${awayChild.id}`, admin, 'PUT', { parent_id: awayChild.id }),
      400,
      'parent_id: a category cannot be its own parent',
    );
    expectRefused(await send(`/api/categories/${home.id}`, admin, 'PUT', { parent_id: home.id }), 400, 'parent_id: a category cannot be its own parent');
    expectRefused(
      await send(`/api/categories/${awayChild.id}?_method=PUT`, admin, 'POST', { parent_id: homeA.id }),
      400,
      'parent_id: Alpha Goods is not a parent category',
    );
    expectRefused(await send('/api/categories/99999999?_method=PUT', admin, 'POST', { category: 'Nothing' }), 404, 'Category not found');
    expect((await categoryOf(awayChild.id)).body.data).toMatchObject({ category: 'Gamma Things', parent_id: away.id });
  });

  it('PUT: a subcategory moved to another parent takes its products along', async () => {
    const mover = await addCategory({ category: 'Travelling Goods', parent_id: home.id });
    const product = await addProduct(seller, `Travel Mug ${TAG}`, { category: String(mover.id) });
    expect(product).toMatchObject({ category: home.id, sub_category: mover.id });
    const moved = await send(`/api/categories/${mover.id}?_method=PUT`, admin, 'POST', { parent_id: away.id });
    expectDone(moved, 200, 'Category updated');
    expect(moved.body.data).toMatchObject({ parent_id: away.id, is_parent: 'No', parent_text: `Plimbatz Wares ${TAG}`, product_count: 1 });
    expect((await shopperView(product.id)).body.data).toMatchObject({ category: away.id, sub_category: mover.id });
    expect(await listedIds(`category=${away.id}`)).toContain(product.id);
    expect(await listedIds(`category=${home.id}`)).not.toContain(product.id);
  });

  it("PUT: a renamed category's products are found by its new name at once", async () => {
    const shelf = await addCategory({ category: `Wobblequent${TAG} Shelves` });
    const product = await addProduct(seller, `Shelf Tin ${TAG}`, { category: String(shelf.id) });
    expect(await searchIds(word('wobblequent'))).toEqual([product.id]);
    expectDone(await send(`/api/categories/${shelf.id}?_method=PUT`, admin, 'POST', { category: `Glorptastic${TAG} Shelves` }), 200, 'Category updated');
    expect(await searchIds(word('glorptastic'))).toEqual([product.id]);
  });

  describe('DELETE', () => {
    let tree: Row;

    beforeAll(async () => {
      tree = await addCategory({ category: `Treeful ${TAG}` });
    });

    it.each(ADMIN_REFUSALS)('refuses %s, and the category stays', async (_label, role, status, message) => {
      expectRefused(await send(`/api/categories/${tree.id}?_method=DELETE`, as(role), 'POST'), status, message);
      expect((await categoryOf(tree.id)).status).toBe(200);
    });

    it('refuses a category with subcategories until they are gone; an empty one goes at once', async () => {
      const branch = await addCategory({ category: 'Branch Goods', parent_id: tree.id });
      expectRefused(
        await send(`/api/categories/${tree.id}?_method=DELETE`, admin, 'POST'),
        409,
        'This category has 1 subcategories; move or delete them first',
      );
      expect((await categoryOf(tree.id)).status).toBe(200);
      const gone = await send(`/api/categories/${branch.id}?_method=DELETE`, admin, 'POST');
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ code: 1, message: 'Category deleted', data: { id: branch.id, moved_products: 0 } });
      expect((await send(`/api/categories/${tree.id}`, demoAdmin, 'DELETE')).body).toEqual({
        code: 1,
        message: 'Category deleted',
        data: { id: tree.id, moved_products: 0 },
      });
      for (const id of [tree.id, branch.id]) expectRefused(await categoryOf(id), 404, 'Category not found');
      expect((await allCategories()).some((c) => c.id === tree.id || c.id === branch.id)).toBe(false);
    });

    it('refuses a category with products; move_products_to (in the query) moves them, and the products show their new place', async () => {
      const full = await addCategory({ category: `Fullish ${TAG}` });
      const products = [
        await addProduct(seller, `Full Pot ${TAG}`, { category: String(full.id) }),
        await addProduct(demoVendor, `Full Pan ${TAG}`, { category: String(full.id) }),
      ];
      expectRefused(
        await send(`/api/categories/${full.id}?_method=DELETE`, admin, 'POST'),
        409,
        'This category still has 2 products; move them to another category first (move_products_to)',
      );
      expectRefused(
        await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=${full.id}`, admin, 'POST'),
        400,
        'move_products_to: must be another category',
      );
      const unknownTarget = await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=99999999`, admin, 'POST');
      expect(unknownTarget.status).toBe(400);
      expect(unknownTarget.body.message).toMatch(/no such category/);
      for (const product of products) expect((await shopperView(product.id)).body.data).toMatchObject({ category: full.id, sub_category: null });

      const reply = await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=${homeB.id}`, admin, 'POST');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ code: 1, message: 'Category deleted', data: { id: full.id, moved_products: 2 } });
      expectRefused(await categoryOf(full.id), 404, 'Category not found');
      for (const product of products)
        expect((await shopperView(product.id)).body.data).toMatchObject({ category: home.id, sub_category: homeB.id, category_text: 'Beta Goods' });
      const inB = await listedIds(`category=${homeB.id}`);
      for (const product of products) expect(inB).toContain(product.id);
    });

    it('reads move_products_to from the body too (a real DELETE with JSON)', async () => {
      const box = await addCategory({ category: 'Boxed Goods', parent_id: away.id });
      const product = await addProduct(seller, `Box Lid ${TAG}`, { category: String(box.id) });
      expect(product).toMatchObject({ category: away.id, sub_category: box.id });
      const reply = await send(`/api/categories/${box.id}`, admin, 'DELETE', { move_products_to: away.id });
      expect(reply.body).toEqual({ code: 1, message: 'Category deleted', data: { id: box.id, moved_products: 1 } });
      expect((await shopperView(product.id)).body.data).toMatchObject({ category: away.id, sub_category: null });
    });

    it('answers 404 "Category not found" for an unknown category', async () => {
      expectRefused(await send('/api/categories/99999999?_method=DELETE', admin, 'POST'), 404, 'Category not found');
    });
  });
});

describe('vendors', () => {
  let shop: Account; // applies, is approved, suspended and reactivated
  let made: Account; // made a vendor by the administrator, then removed

  beforeAll(async () => {
    [shop, made] = await Promise.all([register('Shopkeeper'), register('Made')]);
  });

  it('POST: a buyer applies for a shop and waits for approval; applying twice is refused', async () => {
    expectRefused(await send('/api/vendors', null, 'POST', shopFields('Nobody Shop')), 401, UNAUTHENTICATED);
    expectRefused(await send('/api/vendors', shop, 'POST', { ...shopFields('Self Approved'), approved: 1 }), 403, 'approved: only an administrator sets this');
    expectRefused(
      await send('/api/vendors', shop, 'POST', { ...shopFields('Self Suspended'), status: 'Active' }),
      403,
      'status: only an administrator sets this',
    );
    expectRefused(
      await send('/api/vendors', shop, 'POST', { ...shopFields('Tiny Address'), business_address: 'Kla' }),
      400,
      'business_address: enter where the shop is (street, building, town)',
    );
    expectRefused(await send('/api/vendors', shop, 'POST', { business_name: 'No Address' }), 400, 'business_address: is required');
    // A buyer opens their own shop, whatever user_id says.
    const reply = await send('/api/vendors', shop, 'POST', form({ ...shopFields(`Quillimp Shop ${TAG}`), user_id: String(made.id) }));
    expectDone(reply, 201, APPLIED);
    expect(reply.body.data).toMatchObject({
      id: shop.id,
      user_type: 'Vendor',
      approved: 0,
      status: 'Active',
      business_name: `Quillimp Shop ${TAG}`,
      business_phone_number: '0772 123 456',
    });
    for (const secret of ['password_hash', 'email', 'nin', 'dob']) expect(reply.body.data).not.toHaveProperty(secret);
    expectRefused(await send('/api/vendors', shop, 'POST', shopFields('Second Shop')), 409, 'You already have a shop; update it instead');
    expectRefused(await api(`/api/vendors/${made.id}`), 404, 'Vendor not found');
    expect(await activeVendorIds()).not.toContain(shop.id);
    expectRefused(await api(`/api/vendors/${shop.id}`), 404, 'Vendor not found');
    expectRefused(await send('/api/products', shop, 'POST', form(productFields(`Early Pot ${TAG}`))), 403, AWAITING_APPROVAL);
  });

  it('POST: an administrator makes an existing account a vendor, approved at once', async () => {
    expectRefused(await send('/api/vendors', admin, 'POST', shopFields('Whose Shop')), 400, 'user_id: name the account that becomes a vendor');
    const reply = await send('/api/vendors', admin, 'POST', { ...shopFields(`Made Shop ${TAG}`), user_id: made.id });
    expectDone(reply, 201, 'Vendor created');
    expect(reply.body.data).toMatchObject({ id: made.id, user_type: 'Vendor', approved: 1, status: 'Active', business_name: `Made Shop ${TAG}` });
    expect(await activeVendorIds()).toContain(made.id);
    expectRefused(
      await send('/api/vendors', admin, 'POST', { ...shopFields(`Made Shop ${TAG}`), user_id: made.id }),
      409,
      'user_id: this account already has a shop',
    );
  });

  it('PUT: a vendor changes their own shop, and shoppers see it at once', async () => {
    expect((await api(`/api/vendors/${seller.id}`)).body.data.intro).toBe('');
    const reply = await send(
      `/api/vendors/${seller.id}?_method=PUT`,
      seller,
      'POST',
      form({ intro: 'Kettles and flasks since 2019', business_name: `Vembrolic Traders ${TAG} Ltd` }),
    );
    expectDone(reply, 200, 'Vendor updated');
    expect(reply.body.data).toMatchObject({
      id: seller.id,
      intro: 'Kettles and flasks since 2019',
      business_name: `Vembrolic Traders ${TAG} Ltd`,
      approved: 1,
      status: 'Active',
    });
    expect((await api(`/api/vendors/${seller.id}`)).body.data).toMatchObject({
      intro: 'Kettles and flasks since 2019',
      business_name: `Vembrolic Traders ${TAG} Ltd`,
    });
    // A vendor waiting for approval may already fill in their shop.
    expect((await send(`/api/vendors/${pending.id}`, pending, 'PUT', { intro: 'Opening soon' })).body).toMatchObject({
      code: 1,
      message: 'Vendor updated',
      data: { intro: 'Opening soon', approved: 0 },
    });
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, NOT_YOUR_SHOP],
    ['a vendor not yet approved', 'pending', 403, NOT_YOUR_SHOP],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_SHOP],
  ] as const)("PUT: refuses %s changing someone else's shop", async (_label, role, status, message) => {
    expectRefused(await send(`/api/vendors/${seller.id}?_method=PUT`, as(role), 'POST', form({ intro: 'Hijacked' })), status, message);
    expect((await api(`/api/vendors/${seller.id}`)).body.data.intro).toBe('Kettles and flasks since 2019');
  });

  it.each([
    ['approved', '0'],
    ['status', 'Suspended'],
  ])('PUT: a vendor cannot set their own %s', async (field, value) => {
    expectRefused(
      await send(`/api/vendors/${seller.id}?_method=PUT`, seller, 'POST', form({ [field]: value })),
      403,
      `${field}: only an administrator sets this`,
    );
    expectRefused(
      await send(`/api/vendors/${pending.id}?_method=PUT`, pending, 'POST', form({ [field]: field === 'approved' ? '1' : 'Active' })),
      403,
      `${field}: only an administrator sets this`,
    );
    expect((await api(`/api/vendors/${seller.id}`)).body.data).toMatchObject({ approved: 1, status: 'Active' });
  });

  it('PUT: an unknown vendor, or an account that is not a vendor, is 404', async () => {
    expectRefused(await send('/api/vendors/99999999?_method=PUT', admin, 'POST', form({ intro: 'x' })), 404, 'Vendor not found');
    expectRefused(await send(`/api/vendors/${buyer.id}?_method=PUT`, admin, 'POST', form({ approved: '1' })), 404, 'Vendor not found');
  });

  it('approval and suspension decide whether shoppers see the shop and its products', async () => {
    expect(await activeVendorIds()).not.toContain(shop.id);
    expect(await setStanding(shop.id, { approved: '1' })).toMatchObject({ id: shop.id, approved: 1, status: 'Active' });
    expect(await activeVendorIds()).toContain(shop.id);
    const product = await addProduct(shop, `Quillimp${TAG} Jar`, { price_1: '95,000' });
    expect(product.supplier).toBe(shop.id);
    expect((await api(`/api/vendors/${shop.id}`)).body.data.product_count).toBe(1);
    expect((await shopperView(product.id)).body.data.vendor).toMatchObject({ id: shop.id });

    expect(await setStanding(shop.id, { status: 'Suspended' })).toMatchObject({ approved: 1, status: 'Suspended' });
    expect(await activeVendorIds()).not.toContain(shop.id);
    expectRefused(await api(`/api/vendors/${shop.id}`), 404, 'Vendor not found');
    expectRefused(await shopperView(product.id), 404, 'Product not found');
    expect(await searchIds(word('quillimp'))).toEqual([]);
    expect(await listedIds(`vendor=${shop.id}`)).toEqual([]);
    expectRefused(await send('/api/products', shop, 'POST', form(productFields(`Suspended Pot ${TAG}`))), 403, NOT_ACTIVE);
    expectRefused(await send(`/api/products/${product.id}?_method=PUT`, shop, 'POST', form({ price_1: '1000' })), 403, NOT_ACTIVE);
    expectRefused(await send(`/api/products/${product.id}?_method=DELETE`, shop, 'POST'), 403, NOT_ACTIVE);

    expect(await setStanding(shop.id, { status: 'Active' })).toMatchObject({ approved: 1, status: 'Active' });
    expect(await activeVendorIds()).toContain(shop.id);
    expect((await shopperView(product.id)).body.data).toMatchObject({ id: product.id, status: 1, price_1: '95000' });
    expect(await searchIds(word('quillimp'))).toEqual([product.id]);
    expect((await changeProduct(shop, product.id, { price_1: '99,000' })).price_1).toBe('99000');
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, ADMIN_ONLY],
    ['another vendor', 'seller', 403, ADMIN_ONLY],
    ['the demo vendor', 'demoVendor', 403, ADMIN_ONLY],
  ] as const)('DELETE: refuses %s, and the vendor stays', async (_label, role, status, message) => {
    expectRefused(await send(`/api/vendors/${made.id}?_method=DELETE`, as(role), 'POST'), status, message);
    expect(await activeVendorIds()).toContain(made.id);
  });

  it('DELETE: a vendor cannot remove their own shop', async () => {
    expectRefused(await send(`/api/vendors/${made.id}`, made, 'DELETE'), 403, ADMIN_ONLY);
    expect(await activeVendorIds()).toContain(made.id);
  });

  it('DELETE: the administrator removes a vendor: the shop and its products are gone, and the account is a buyer again', async () => {
    const product = await addProduct(made, `Made Bucket ${TAG}`);
    expect((await shopperView(product.id)).status).toBe(200);
    const reply = await send(`/api/vendors/${made.id}`, admin, 'DELETE');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 1, message: 'Vendor removed', data: { id: made.id } });
    expect(await activeVendorIds()).not.toContain(made.id);
    expectRefused(await api(`/api/vendors/${made.id}`), 404, 'Vendor not found');
    expectRefused(await shopperView(product.id), 404, 'Product not found');

    const again = await login(made.email, PASSWORD);
    expect(again.user).toMatchObject({ id: made.id, user_type: 'Customer', approved: 0 });
    expectRefused(await send('/api/products', again, 'POST', form(productFields(`Removed Pot ${TAG}`))), 403, SELLERS_ONLY);
    // The token from before the removal carries no old rights either.
    expectRefused(await send(`/api/products/${product.id}?_method=PUT`, made, 'POST', form({ price_1: '1000' })), 403, SELLERS_ONLY);
    expectRefused(await send(`/api/vendors/${made.id}?_method=DELETE`, admin, 'POST'), 404, 'Vendor not found');
  });
});

describe('POST /api/orders/{id}/status', () => {
  let sold: Row;
  let order: Row;
  const status = (id: number, who: Caller, next: string) => send(`/api/orders/${id}/status`, who, 'POST', { status: next });
  const orderStatus = async (id: number) => (await send(`/api/orders/${id}`, buyer)).body.data.status;

  beforeAll(async () => {
    sold = await addProduct(seller, `Order Kettle ${TAG}`, { price_1: '120,000' });
    order = await placeOrder(sold, 1);
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['the buyer who placed it', 'buyer', 403, `${STATUS_FAILED}: ${SELLERS_ONLY}`],
    ['a vendor not yet approved', 'pending', 403, `${STATUS_FAILED}: ${AWAITING_APPROVAL}`],
    ['a vendor with no product in the order', 'demoVendor', 403, `${STATUS_FAILED}: only the store or a vendor of this order can change it`],
  ] as const)('refuses %s, and the order stays pending', async (_label, role, code, message) => {
    expectRefused(await status(order.id, as(role), 'processing'), code, message);
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it('the vendor of a product in the order and the administrator move it along', async () => {
    const first = await status(order.id, seller, 'processing');
    expectDone(first, 200, 'Order status updated');
    expect(first.body.data).toEqual({ status: 'processing', payment_status: 'PAY_ON_DELIVERY' });
    expect((await status(order.id, admin, 'shipped')).body.data.status).toBe('shipped');
    expect((await status(order.id, seller, 'delivered')).body.data.status).toBe('delivered');
    const details = (await send(`/api/orders/${order.id}`, buyer)).body.data;
    expect(details.status).toBe('delivered');
    expect(details.events.map((event: Row) => event.status)).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    expectRefused(await status(99_999_999, seller, 'processing'), 404, 'Order not found');
  });

  it('a suspended vendor cannot move their orders until reactivated', async () => {
    const next = await placeOrder(sold, 2);
    await setStanding(seller.id, { status: 'Suspended' });
    try {
      expectRefused(await status(next.id, seller, 'processing'), 403, `${STATUS_FAILED}: ${NOT_ACTIVE}`);
      expect(await orderStatus(next.id)).toBe('pending');
    } finally {
      await setStanding(seller.id, { status: 'Active' });
    }
    const before = (await shopperView(sold.id)).body.data.stock;
    expect((await status(next.id, seller, 'cancelled')).body.data).toEqual({ status: 'cancelled', payment_status: 'CANCELLED' });
    expect((await shopperView(sold.id)).body.data.stock).toEqual({ items_sold: before.items_sold - 2, total_items: before.total_items });
  });
});

describe('reads after writes', () => {
  it('the filters of a category count a new product at once', async () => {
    const aisle = await addCategory({ category: `Filtrazon ${TAG}` });
    await addProduct(seller, `Filter One ${TAG}`, { category: String(aisle.id), colors: 'Red' });
    const before = (await api(`/api/filters?category=${aisle.id}`)).body.data;
    expect(before.in_stock).toBe(1);
    const second = await addProduct(seller, `Filter Two ${TAG}`, { category: String(aisle.id), colors: 'Green' });
    const after = (await api(`/api/filters?category=${aisle.id}`)).body.data;
    expect((await categoryOf(aisle.id)).body.data.product_count).toBe(2);
    expect(after.priceRanges.reduce((sum: number, range: Row) => sum + range.count, 0)).toBe(2);
    expect(after.in_stock).toBe(2);
    expect(after.colors.map((color: Row) => color.name).sort()).toEqual(['Green', 'Red']);
    expectDone(await send(`/api/products/${second.id}`, seller, 'DELETE'), 200, 'Product deleted');
    expect((await api(`/api/filters?category=${aisle.id}`)).body.data.in_stock).toBe(1);
  });
});
