/**
 * What the catalogue-writes files share: accounts, shops and categories made for the file (module bindings the
 * tests read once `useCatalogueWrites` has run), and the helpers that send, add and read back.
 *
 * Every product, category and vendor changed there is created there; seeded rows are only read. Products
 * go into categories made there (so the seeded category counts other files check never move), and every
 * product still live at the end is withdrawn, so no other file finds them in its listings.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { api, url, type Reply } from './client';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

export type Row = Record<string, any>;
export type Account = { id: number; email: string; headers: Record<string, string> };
export type Caller = Account | null;
export type Role = 'guest' | 'buyer' | 'pending' | 'seller' | 'demoVendor';

export const UNAUTHENTICATED = 'Unauthenticated';
export const SELLERS_ONLY = 'Only a vendor or an administrator can do this';
export const AWAITING_APPROVAL = 'Your vendor account is waiting for approval by the store';
export const NOT_ACTIVE = 'Your vendor account is not active; contact the store';
export const ADMIN_ONLY = 'Only an administrator can do this';
export const NOT_YOUR_PRODUCT = 'You can only change your own products';
export const NOT_YOUR_SHOP = 'You can only change your own shop';
export const BAD_METHOD = '_method: must be one of PUT, DELETE';
export const PRICE_2_RULE = 'price_2: the old price must be above price_1, or left empty';
export const NOT_A_PICTURE = 'must be a JPEG, PNG, WebP or AVIF picture';
export const APPLIED = 'Your shop application was received; the store will review it';
export const STATUS_FAILED = 'Failed to update order status';
export const PASSWORD = 'Kampala-2026!';
/** Stored pictures are cached for a week; the default picture sent for a missing file only for 5 minutes. */
export const STORED_CACHE = 'public, max-age=604800';
export const FALLBACK_CACHE = 'public, max-age=300';

/** Letters only, so the made-up words below stay single search words, unique to this run. */
export const TAG = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
export const word = (stem: string) => `${stem}${TAG}`;

// The server runs from the repository with the default storage folder, so its pictures are written here.
export const IMAGES_DIR = path.resolve(process.env.STORAGE_DIR || 'storage', 'images');
export const uploadedFiles = () =>
  readdirSync(IMAGES_DIR)
    .filter((name) => name.startsWith('product-'))
    .sort();
export const STORED_NAME = /^product-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

export let admin: Account;
export let demoAdmin: Account;
export let demoVendor: Account;
export let buyer: Account;
export let seller: Account;
export let pending: Account;
export let home: Row; // a parent category made here, with two children
export let homeA: Row;
export let homeB: Row;
export let away: Row; // another parent, with one child
export let awayChild: Row;
export let location: Row;
export let PNG: Uint8Array<ArrayBuffer>;

export const createdProducts = new Set<number>();
export const storedPictures = new Set<string>();

/** Each registration and login names its own address: registering is limited to 10 an hour per address. */
let addressCounter = 0;
export const nextAddress = () => `10.240.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

export const as = (role: Role): Caller => (role === 'guest' ? null : { buyer, pending, seller, demoVendor }[role]);

/** Sends JSON for a plain object, multipart for FormData, as the caller (null: no token). */
export function send(pathname: string, who: Caller, method = 'GET', body?: Row | FormData): Promise<Reply> {
  const multipart = body instanceof FormData;
  return api(pathname, {
    method,
    headers: { ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}), ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
}

export function form(fields: Row): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) data.append(key, item instanceof File ? item : String(item));
  }
  return data;
}

export function expectRefused(reply: Reply, status: number, message: string | RegExp) {
  expect(reply.status, `${reply.status} ${reply.body.message}`).toBe(status);
  expect(reply.body.code).toBe(0);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else expect(reply.body.message).toMatch(message);
  expect(reply.body.data).toBeNull();
}

export function expectDone(reply: Reply, status: number, message: string) {
  expect({ status: reply.status, code: reply.body.code, message: reply.body.message }).toEqual({ status, code: 1, message });
}

export async function login(email: string, password: string): Promise<Account & { user: Row }> {
  const reply = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ username: email, password }),
  });
  expect(reply.status, `logging in ${email}: ${reply.body.message}`).toBe(200);
  const user = reply.body.data;
  return { id: user.id, email, headers: { Authorization: `Bearer ${user.token}` }, user };
}

export async function register(label: string): Promise<Account> {
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

export const shopFields = (name: string) => ({
  business_name: name,
  business_address: 'Plot 12, Kampala Road, Kampala',
  business_phone_number: '0772 123 456',
});

/** A buyer applies for a shop: a vendor waiting for approval. */
export async function openShop(account: Account, name: string): Promise<Row> {
  const reply = await send('/api/vendors', account, 'POST', shopFields(name));
  expectDone(reply, 201, APPLIED);
  expect(reply.body.data).toMatchObject({ id: account.id, user_type: 'Vendor', approved: 0, status: 'Active', business_name: name });
  return reply.body.data;
}

/** The administrator approves, suspends or reactivates a vendor (multipart, through the method override). */
export async function setStanding(vendorId: number, fields: Row): Promise<Row> {
  const reply = await send(`/api/vendors/${vendorId}?_method=PUT`, admin, 'POST', form(fields));
  expectDone(reply, 200, 'Vendor updated');
  return reply.body.data;
}

export async function addCategory(fields: Row): Promise<Row> {
  const reply = await send('/api/categories', admin, 'POST', fields);
  expectDone(reply, 201, 'Category created');
  return reply.body.data;
}

export const picture = (background: string, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
export const photo = (name = 'photo.png') => new File([PNG], name, { type: 'image/png' });

export const productFields = (name: string, overrides: Row = {}): Row => ({
  name,
  price_1: '345,000',
  category: String(home.id),
  total_items: '10',
  feature_photo: photo(),
  ...overrides,
});

/** Remembers a product made here (withdrawn at the end) and its stored pictures (removed at the end). */
export function track(product: Row): Row {
  createdProducts.add(product.id);
  for (const name of product.images ?? []) storedPictures.add(name);
  return product;
}

export async function addProduct(who: Account, name: string, overrides: Row = {}): Promise<Row> {
  const reply = await send('/api/products', who, 'POST', form(productFields(name, overrides)));
  expect(reply.status, `adding ${name}: ${reply.body.message}`).toBe(201);
  return track(reply.body.data);
}

export async function changeProduct(who: Account, id: number, fields: Row): Promise<Row> {
  const reply = await send(`/api/products/${id}?_method=PUT`, who, 'POST', form(fields));
  expectDone(reply, 200, 'Product updated');
  return track(reply.body.data);
}

/** What a shopper gets for a product: its details, or the status when it is not for sale. */
export const shopperView = async (id: number) => api(`/api/products/${id}`);
export const searchIds = async (q: string): Promise<number[]> =>
  (await api(`/api/live-search?q=${encodeURIComponent(q)}&limit=24`)).body.data.products.map((p: Row) => p.id);
export const listedIds = async (query: string): Promise<number[]> => (await api(`/api/products?${query}&limit=100`)).body.data.data.map((p: Row) => p.id);
export const activeVendorIds = async (): Promise<number[]> => (await api('/api/vendors')).body.data.map((v: Row) => v.id);
export const categoryOf = async (id: number) => api(`/api/categories/${id}`);

export async function expectStoredPicture(name: string, width = 64, height = 48) {
  expect(name).toMatch(STORED_NAME);
  const response = await fetch(url(`/storage/images/${name}`));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(response.headers.get('cache-control'), `${name} is the stored file, not the default picture`).toBe(STORED_CACHE);
  const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width, height });
}

export async function placeOrder(product: Row, quantity: number): Promise<Row> {
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

/** Registers the accounts, shops and categories every catalogue-writes file starts from, and the clean-up after it. */
export function useCatalogueWrites(): void {
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
}
