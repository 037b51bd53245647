/**
 * What the payment tests share: asking a fake gateway (its `/__fake/...` controls), an order's payment history as
 * an administrator sees it, the Stripe session an order's payment page is, and products plain enough to order
 * many times (no choices, stock to spare, a price worth paying online).
 */
import { expect, inject } from 'vitest';
import { api } from './client';
import { call, type Caller } from './callers';

export type Row = Record<string, any>;
export type FakeGateway = 'stripeUrl' | 'mtnMomoUrl' | 'airtelUrl';

/** A GET (no body) or a JSON POST to a fake gateway; its JSON answer. */
export async function askFake(gateway: FakeGateway, path: string, body?: unknown): Promise<any> {
  const response = await fetch(
    new URL(path, inject(gateway)),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
}

export const paymentHistory = async (admin: Caller, orderId: number) => (await call(`/api/orders/${orderId}/payment-history`, admin)).body.data;

/** The Stripe session behind an order's payment page (the last part of its redirect_url). */
export const stripeSessionOf = (order: Row) => order.payment.redirect_url.split('/').at(-1) as string;

/** Products without colours or sizes, with 20 units to spare and a price of at least 5,000 UGX; more than 10 of them. */
export async function plainProducts(): Promise<Row[]> {
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data;
  const plain = listed.filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 20 && Number(p.price_1) >= 5000,
  );
  expect(plain.length).toBeGreaterThan(10);
  return plain;
}
