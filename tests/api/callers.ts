/** Who calls the API in a test: a new shopper or a logged-in account, each from an address of its own. */
import { expect } from 'vitest';
import { api } from './client';

export type Caller = { id: number; headers: Record<string, string> };

/** Calls the API as `who` (or a guest) with a JSON body. */
export const call = (path: string, who: Caller | null, method = 'GET', body?: unknown) =>
  api(path, { method, headers: { 'Content-Type': 'application/json', ...(who?.headers ?? {}) }, body: body === undefined ? undefined : JSON.stringify(body) });

export async function login(email: string, password: string, address: string): Promise<Caller> {
  const reply = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ username: email, password }),
  });
  expect(reply.status).toBe(200);
  return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

/**
 * A new shopper named `first_name`, registered from `address`, with the address the store mails them at; with
 * `phone`, the number the account logs in with too (the buyer's own number, which hears every text of its orders).
 */
export async function register(address: string, firstName = 'Apio', phone?: string): Promise<Caller & { email: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: firstName, last_name: 'Tester', ...(phone ? { phone_number: phone } : {}) }),
  });
  expect(reply.status).toBe(201);
  return { id: reply.body.data.id, email, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

/** `shopper` applies for a shop named `shopName` and `admin` approves it: a vendor with no products yet. */
export async function approveShop(shopper: Caller, shopName: string, admin: Caller): Promise<void> {
  const shop = await call('/api/vendors', shopper, 'POST', {
    business_name: shopName,
    business_address: 'Plot 2, Jinja Road',
    business_phone_number: '0772 123 999',
  });
  expect(shop.status, shop.body.message).toBe(201);
  const approval = new FormData();
  approval.append('approved', '1');
  expect((await api(`/api/vendors/${shopper.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: approval })).status).toBe(200);
}

/** An order by `buyer` for `quantity` units of one product, delivered to `locationId`, paid on delivery unless `gateway` says. */
export const orderProduct = (buyer: Caller, productId: number, quantity: number, locationId: number, gateway = 'cash_on_delivery') =>
  call('/api/orders', buyer, 'POST', {
    items: [{ product_id: productId, quantity }],
    customer_name: 'Kato Fresh',
    customer_phone: '0772 555 020',
    delivery_location_id: locationId,
    delivery_address: 'Plot 9, Lugogo Bypass',
    payment_gateway: gateway,
  });

/** The session cookie a login sets beside its token, for the server-rendered pages (they never read the bearer). */
export const pageCookie = (who: Caller) => ({ Cookie: `duuka_session=${who.headers.Authorization!.replace(/^Bearer /, '')}` });
