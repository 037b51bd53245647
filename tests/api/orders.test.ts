import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;
type Shopper = { id: number; headers: Record<string, string> };

let buyer: Shopper;
let stranger: Shopper;
let admin: Shopper;
let location: Row;
let plain: Row[];

const call = (path: string, who: Shopper | null, method = 'GET', body?: unknown, extra: Record<string, string> = {}) =>
  api(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(who?.headers ?? {}), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function register(name: string, address: string): Promise<Shopper> {
  const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: name, last_name: 'Tester' }),
  });
  const user = reply.body.data;
  return { id: user.id, headers: { Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) } };
}

const left = (product: Row) => product.stock.total_items - product.stock.items_sold;
const fresh = async (id: number): Promise<Row> => (await api(`/api/products/${id}?fresh=${Date.now()}`)).body.data;

function orderFor(products: { product: Row; quantity: number }[], gateway = 'cash_on_delivery', extra: Row = {}) {
  return {
    items: products.map(({ product, quantity }) => ({ product_id: product.id, quantity, price: Number(product.price_1) })),
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 123 456',
    delivery_location_id: location.id,
    delivery_address: 'Plot 5, Ntinda Road, near the market',
    payment_gateway: gateway,
    ...extra,
  };
}

beforeAll(async () => {
  [buyer, stranger] = await Promise.all([register('Nakato', '10.210.0.1'), register('Okello', '10.210.0.2')]);
  const login = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.210.0.3' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  admin = { id: login.body.data.id, headers: { Authorization: `Bearer ${login.body.data.token}` } };
  location = (await api('/api/manifest')).body.data.delivery_locations[1];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc')).body.data.data;
  plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && left(p) >= 20 && Number(p.price_1) >= 2000);
  expect(plain.length).toBeGreaterThan(12);
});

/**
 * Cancels `who`'s orders still waiting (to be paid, or to be prepared when paid on delivery): an account may have
 * only a few at once, and each test here orders as if it were the first.
 */
async function cancelWaiting(who: Shopper): Promise<void> {
  for (let page = 1; ; page++) {
    const listed = (await call(`/api/orders?page=${page}`, who)).body.data;
    for (const order of listed.data as Row[]) if (order.status === 'pending') await call(`/api/orders/${order.id}/cancel`, who, 'POST');
    if (page >= listed.last_page) return;
  }
}

afterEach(async () => {
  await Promise.all([cancelWaiting(buyer), cancelWaiting(stranger)]);
});

describe('placing an order', () => {
  it('takes prices and totals from the store, reserves stock and starts cash on delivery', async () => {
    const [a, b] = [plain[0]!, plain[1]!];
    const before = [await fresh(a.id), await fresh(b.id)];
    const body = {
      ...orderFor([
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ]),
      subtotal: 1,
      total: 1,
      delivery_fee: 99999,
    };
    body.items[0] = { ...body.items[0], unit_price: 1, subtotal: 1, product_name: 'Free TV' } as any;
    const reply = await call('/api/orders', buyer, 'POST', body);
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('Order placed successfully!');
    const order = reply.body.data;
    const subtotal = 2 * Number(a.price_1) + Number(b.price_1);
    expect(order).toMatchObject({
      status: 'pending',
      payment_gateway: 'cash_on_delivery',
      payment_status: 'PAY_ON_DELIVERY',
      subtotal,
      delivery_fee: 0,
      total: subtotal,
      user_id: buyer.id,
    });
    expect(order.items.map((item: Row) => [item.product_name, item.unit_price, item.quantity])).toEqual([
      [a.name, Number(a.price_1), 2],
      [b.name, Number(b.price_1), 1],
    ]);
    expect(order.delivery_location).toMatchObject({ id: location.id, name: location.name });
    expect(order.payment).toMatchObject({ gateway: 'cash_on_delivery', status: 'PAY_ON_DELIVERY', amount: subtotal });
    expect(order.events.map((event: Row) => event.status)).toEqual(['pending']);
    expect(left(await fresh(a.id))).toBe(left(before[0]!) - 2);
    expect(left(await fresh(b.id))).toBe(left(before[1]!) - 1);
  });

  it('refuses a changed price, an unknown product, a missing colour and too many, and takes no stock', async () => {
    const product = plain[2]!;
    const before = left(await fresh(product.id));
    const tampered = orderFor([{ product, quantity: 1 }]);
    tampered.items[0]!.price = 1;
    const priced = await call('/api/orders', buyer, 'POST', tampered);
    expect(priced.status).toBe(409);
    expect(priced.body.message).toBe(
      `Failed to place order: the price of ${product.name} changed to UGX ${Number(product.price_1).toLocaleString('en-US')}. Please check your cart`,
    );

    const unknown = await call('/api/orders', buyer, 'POST', { ...orderFor([{ product, quantity: 1 }]), items: [{ product_id: 99_999_999, quantity: 1 }] });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe('Failed to place order: product 99999999 is no longer for sale');

    const listed: Row[] = (await api('/api/products?limit=100&in_stock=1')).body.data.data;
    const coloured = listed.find((p) => p.has_colors === 'Yes' && p.colors)!;
    const noColour = await call('/api/orders', buyer, 'POST', orderFor([{ product: coloured, quantity: 1 }]));
    expect(noColour.status).toBe(400);
    expect(noColour.body.message).toBe(`Failed to place order: Please select a color for ${coloured.name}`);

    const scarce = plain.find((p) => left(p) < 99 && p.id !== product.id)!;
    const scarceLeft = left(await fresh(scarce.id));
    const tooMany = await call('/api/orders', buyer, 'POST', orderFor([{ product: scarce, quantity: scarceLeft + 1 }]));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(`Failed to place order: only ${scarceLeft} of ${scarce.name} left in stock`);
    expect(left(await fresh(scarce.id))).toBe(scarceLeft);
    const bad = await call('/api/orders', buyer, 'POST', { ...orderFor([{ product, quantity: 1 }]), customer_phone: 'call me' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Failed to place order: customer_phone: Enter a phone number, e.g. 0772 123 456');
    const noItems = await call('/api/orders', buyer, 'POST', { ...orderFor([]), items: [] });
    expect(noItems.body.message).toBe('Failed to place order: items: Your cart is empty');
    expect(left(await fresh(product.id))).toBe(before);
  });

  it('refuses an id too large for any row as bad input, not a server error', async () => {
    const tooLarge = orderFor([{ product: plain[2]!, quantity: 1 }]);
    tooLarge.items[0]!.product_id = 1_000_000_000_000;
    const reply = await call('/api/orders', buyer, 'POST', tooLarge);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Failed to place order: items.0.product_id: must be a product id');
    const farLocation = await call(
      '/api/orders',
      buyer,
      'POST',
      orderFor([{ product: plain[2]!, quantity: 1 }], 'cash_on_delivery', { delivery_location_id: 99_999_999_999 }),
    );
    expect(farLocation.status).toBe(400);
  });

  it('needs a login', async () => {
    const reply = await call('/api/orders', null, 'POST', orderFor([{ product: plain[0]!, quantity: 1 }]));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Unauthenticated');
  });

  it('sells the last 5 units to exactly 5 of 50 orders placed at once', async () => {
    const product = plain[3]!;
    let remaining = left(await fresh(product.id));
    while (remaining > 5) {
      const quantity = Math.min(99, remaining - 5);
      expect((await call('/api/orders', buyer, 'POST', orderFor([{ product, quantity }]))).status).toBe(201);
      remaining -= quantity;
    }
    // Ten buyers, five orders each: as many as an account may have waiting at once.
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, n) => register(`Buyer${n}`, `10.210.1.${n + 1}`)));
    const replies = await Promise.all(Array.from({ length: 50 }, (_, n) => call('/api/orders', buyers[n % 10]!, 'POST', orderFor([{ product, quantity: 1 }]))));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(refused).toHaveLength(45);
    // Each wanted one unit: a refusal means none were left, and it says so (not the number first read).
    for (const reply of refused) expect(reply.body.message).toBe(`Failed to place order: ${product.name} is out of stock`);
    const after = await fresh(product.id);
    expect(left(after)).toBe(0);
    expect(after.in_stock).toBe(0);
  });

  it('takes the stock of orders of the same products placed at once, whatever the order of their lines, refusing none', async () => {
    const products = [plain[9]!, plain[10]!, plain[11]!];
    const before = await Promise.all(products.map(async (product) => left(await fresh(product.id))));
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, n) => register(`Racer${n}`, `10.210.2.${n + 1}`)));
    const [a, b, c] = products as [Row, Row, Row];
    const lineOrders = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
      [c, a, b],
    ];
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        call('/api/orders', buyers[n % 4]!, 'POST', orderFor(lineOrders[n % 4]!.map((product) => ({ product, quantity: 1 })))),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const after = await Promise.all(products.map(async (product) => left(await fresh(product.id))));
    expect(after).toEqual(before.map((units) => units - 8));
  });

  it('places one order for the same checkout sent twice at once, and again later', async () => {
    const product = plain[4]!;
    const before = left(await fresh(product.id));
    const key = `checkout-${Date.now()}`;
    const body = orderFor([{ product, quantity: 1 }]);
    const [first, second] = await Promise.all([
      call('/api/orders', buyer, 'POST', body, { 'Idempotency-Key': key }),
      call('/api/orders', buyer, 'POST', body, { 'Idempotency-Key': key }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.data.id).toBe(second.body.data.id);
    const retried = await call('/api/orders', buyer, 'POST', { ...body, idempotency_key: key });
    expect(retried.status).toBe(200);
    expect(retried.body.data.id).toBe(first.body.data.id);
    expect(left(await fresh(product.id))).toBe(before - 1);
  });
});

describe('reading orders', () => {
  it("lists only the caller's orders, paginated, and hides anyone else's order", async () => {
    const placed = (await call('/api/orders', stranger, 'POST', orderFor([{ product: plain[5]!, quantity: 1 }]))).body.data;
    const mine = await call('/api/orders?page=1', buyer);
    expect(mine.body.data).toMatchObject({ current_page: 1, per_page: 10 });
    expect(mine.body.data.total).toBeGreaterThan(1);
    expect(mine.body.data.data.every((order: Row) => order.user_id === buyer.id)).toBe(true);
    const theirs = await call(`/api/orders/${placed.id}`, buyer);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Order not found');
    expect((await call(`/api/orders/${placed.id}`, stranger)).body.data.id).toBe(placed.id);
    expect((await call('/api/orders/0', stranger)).body.message).toBe('Order not found');
    expect((await call('/api/orders?page=0', stranger)).status).toBe(400);
  });
});

describe('order status', () => {
  it('is changed only by the store, along allowed steps; cancelling returns the stock', async () => {
    const product = plain[6]!;
    const before = left(await fresh(product.id));
    const order = (await call('/api/orders', buyer, 'POST', orderFor([{ product, quantity: 3 }]))).body.data;
    expect(left(await fresh(product.id))).toBe(before - 3);

    const byBuyer = await call(`/api/orders/${order.id}/status`, buyer, 'POST', { status: 'delivered' });
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body.message).toMatch(/^Failed to update order status: /);
    expect((await call(`/api/orders/${order.id}/status`, admin, 'POST', { status: 'delivered' })).status).toBe(409);
    const lost = await call(`/api/orders/${order.id}/status`, admin, 'POST', { status: 'lost' });
    expect(lost.status).toBe(400);
    expect(lost.body.message).toBe('status: must be one of pending, processing, shipped, delivered, cancelled');
    expect((await call(`/api/orders/${order.id}/status`, admin, 'POST', { status: 'processing' })).body.data).toMatchObject({ status: 'processing' });
    expect((await call(`/api/orders/${order.id}/status`, admin, 'POST', { status: 'cancelled' })).body.data).toMatchObject({
      status: 'cancelled',
      payment_status: 'CANCELLED',
    });
    expect(left(await fresh(product.id))).toBe(before);
    expect((await call(`/api/orders/${order.id}/status`, admin, 'POST', { status: 'processing' })).status).toBe(409);
    const details = (await call(`/api/orders/${order.id}`, buyer)).body.data;
    expect(details.events.map((event: Row) => event.status)).toEqual(['pending', 'processing', 'cancelled', 'payment:CANCELLED']);
  });

  it('a manual transfer waits with instructions until the store confirms it', async () => {
    const order = (await call('/api/orders', buyer, 'POST', orderFor([{ product: plain[7]!, quantity: 1 }], 'manual'))).body.data;
    expect(order.payment).toMatchObject({ gateway: 'manual', status: 'PENDING_PAYMENT', details: { reference: `DUUKA-${order.id}` } });
    expect((await call(`/api/orders/${order.id}/status`, buyer, 'POST', { payment_status: 'COMPLETED' })).status).toBe(403);
    expect((await call(`/api/orders/${order.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' })).body.data.payment_status).toBe('COMPLETED');
  });
});

/** The fake gateways' own test controls. */
const fake = async (base: 'pesapalUrl' | 'stripeUrl', path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject(base)),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

describe('Pesapal', () => {
  // A buyer of its own for each test: an account may have only 2 orders waiting for payment, and these leave theirs.
  let payer: Shopper;
  let payers = 0;
  beforeEach(async () => {
    payer = await register('Nakato', `10.210.2.${++payers}`);
  });

  it("sends the buyer to Pesapal and marks the order paid only on Pesapal's word", async () => {
    const order = (await call('/api/orders', payer, 'POST', orderFor([{ product: plain[8]!, quantity: 1 }], 'pesapal'))).body.data;
    expect(order.payment.status).toBe('PENDING_PAYMENT');
    expect(order.payment.redirect_url).toMatch(new RegExp(`^${inject('pesapalUrl')}/pay/`));
    const trackingId = order.payment.redirect_url.split('/').at(-1);
    const submitted = (await fake('pesapalUrl', '/__fake/state')).orders.find(
      (entry: Row) => entry.order_tracking_id === trackingId || entry.trackingId === trackingId,
    );
    expect(submitted).toMatchObject({
      amount: order.total,
      currency: 'UGX',
      callback_url: `${new URL(inject('baseUrl')).origin}/payment/callback/${order.id}`,
    });

    // A forged notification for this unpaid order: Pesapal is asked, says not paid, nothing changes.
    const forged = await api(
      `/api/payments/pesapal/ipn?OrderTrackingId=${trackingId}&OrderMerchantReference=${order.payment.merchant_reference}&OrderNotificationType=IPNCHANGE`,
    );
    expect(forged.body).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: trackingId,
      orderMerchantReference: order.payment.merchant_reference,
      status: 200,
    });
    expect((await call(`/api/orders/${order.id}`, payer)).body.data.payment_status).toBe('PENDING_PAYMENT');
    const unknown = await api<never>('/api/payments/pesapal/ipn?OrderTrackingId=not-ours&OrderMerchantReference=DK-1-x&OrderNotificationType=IPNCHANGE');
    expect((unknown.body as unknown as { status: number }).status).toBe(500);

    // The payer pays on Pesapal's page; Pesapal notifies the store, which asks Pesapal and records it.
    const paid = await fetch(new URL(`/pay/${trackingId}`, inject('pesapalUrl')), {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(
      `${new URL(inject('baseUrl')).origin}/payment/callback/${order.id}?OrderTrackingId=${trackingId}&OrderMerchantReference=${order.payment.merchant_reference}&OrderNotificationType=CALLBACKURL`,
    );
    const afterIpn = (await call(`/api/orders/${order.id}`, payer)).body.data;
    expect(afterIpn.payment_status).toBe('COMPLETED');
    const notifications = (await fake('pesapalUrl', '/__fake/state')).notifications.filter(
      (entry: Row) => (entry.trackingId ?? entry.orderTrackingId) === trackingId,
    );
    expect(notifications.at(-1).reply.body).toMatchObject({ orderNotificationType: 'IPNCHANGE', orderTrackingId: trackingId, status: 200 });

    // Replaying the notification, or Pesapal later saying otherwise, changes nothing.
    await fake('pesapalUrl', '/__fake/notify', { trackingId });
    await fake('pesapalUrl', '/__fake/status', { trackingId, status_code: 2 });
    const checked = (await call(`/api/orders/${order.id}/payment`, payer)).body.data;
    expect(checked.payment_status).toBe('COMPLETED');
    expect(checked.events.filter((event: Row) => event.status === 'payment:COMPLETED')).toHaveLength(1);
  });

  it('a declined payment shows as failed on return, and the buyer can start again', async () => {
    const order = (await call('/api/orders', payer, 'POST', orderFor([{ product: plain[9]!, quantity: 1 }], 'pesapal'))).body.data;
    const trackingId = order.payment.redirect_url.split('/').at(-1);
    await fetch(new URL(`/pay/${trackingId}`, inject('pesapalUrl')), { method: 'POST', body: new URLSearchParams({ action: 'decline' }), redirect: 'manual' });
    expect((await call(`/api/orders/${order.id}/payment`, payer)).body.data.payment_status).toBe('FAILED');
    const retried = (await call(`/api/orders/${order.id}/pay`, payer, 'POST', {})).body.data;
    expect(retried.payment).toMatchObject({ status: 'PENDING_PAYMENT' });
    expect(retried.payment.redirect_url).not.toContain(trackingId);
    expect(retried.payment.merchant_reference).not.toBe(order.payment.merchant_reference);
  });

  it('sends the buyer back to the payment pages in the language their page asked in, on the first attempt and the next', async () => {
    const origin = new URL(inject('baseUrl')).origin;
    const submitted = async (redirectUrl: string) => {
      const trackingId = redirectUrl.split('/').at(-1);
      return (await fake('pesapalUrl', '/__fake/state')).orders.find((entry: Row) => entry.order_tracking_id === trackingId || entry.trackingId === trackingId);
    };
    const inLuganda = { 'Accept-Language': 'lg-UG' };
    const order = (await call('/api/orders', payer, 'POST', orderFor([{ product: plain[12]!, quantity: 1 }], 'pesapal'), inLuganda)).body.data;
    expect((await submitted(order.payment.redirect_url)).callback_url).toBe(`${origin}/lg/payment/callback/${order.id}`);
    const again = (await call(`/api/orders/${order.id}/pay`, payer, 'POST', {}, { 'Accept-Language': 'sw-UG, en;q=0.5' })).body.data;
    expect(again.payment.redirect_url).not.toBe(order.payment.redirect_url);
    expect((await submitted(again.payment.redirect_url)).callback_url).toBe(`${origin}/sw/payment/callback/${order.id}`);
  });

  it('a Pesapal that refuses or is down leaves the order, with the payment failed and its reason', async () => {
    await fake('pesapalUrl', '/__fake/fail', { path: '/api/Transactions/SubmitOrderRequest', mode: 'http500' });
    const order = (await call('/api/orders', payer, 'POST', orderFor([{ product: plain[10]!, quantity: 1 }], 'pesapal'))).body.data;
    expect(order.payment_status).toBe('FAILED');
    expect(order.payment.details.error).toMatch(/Pesapal/);
    const retried = (await call(`/api/orders/${order.id}/pay`, payer, 'POST', {})).body.data;
    expect(retried.payment_status).toBe('PENDING_PAYMENT');
    expect((await call(`/api/orders/${order.id}/pay`, stranger, 'POST', {})).status).toBe(404);
  });
});

describe('Stripe', () => {
  // A buyer of its own for each test: an account may have only 2 orders waiting for payment, and these leave theirs.
  let cardBuyer: Shopper;
  let cardBuyers = 0;
  beforeEach(async () => {
    cardBuyer = await register('Namutebi', `10.210.3.${++cardBuyers}`);
  });

  const webhook = (body: string, signature: string) =>
    fetch(new URL('/api/payments/stripe/webhook', inject('baseUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body,
    });

  it('charges UGX × 100 and marks the order paid from the signed webhook; forged and replayed events change nothing', async () => {
    const product = plain[11]!;
    const order = (await call('/api/orders', cardBuyer, 'POST', orderFor([{ product, quantity: 2 }], 'stripe'))).body.data;
    expect(order.payment.status).toBe('PENDING_PAYMENT');
    const sessionId = order.payment.redirect_url.split('/').at(-1);
    const state = await fake('stripeUrl', '/__fake/state');
    const session = state.sessions.find((entry: Row) => entry.id === sessionId);
    expect(session.amount_total).toBe(order.total * 100);
    expect(session.currency).toBe('ugx');

    const forgedEvent = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { ...session, payment_status: 'paid', status: 'complete' } },
    });
    const forged = await webhook(forgedEvent, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(forged.status).toBe(400);
    expect((await forged.json()).error).toMatch(/^No signatures found matching the expected signature for payload/);
    expect((await call(`/api/orders/${order.id}`, cardBuyer)).body.data.payment_status).toBe('PENDING_PAYMENT');

    await fake('stripeUrl', '/__fake/pay', { sessionId, send_webhook: true });
    expect((await call(`/api/orders/${order.id}`, cardBuyer)).body.data.payment_status).toBe('COMPLETED');
    const events = (await fake('stripeUrl', '/__fake/state')).events.filter((entry: Row) => entry.event.data.object.id === sessionId);
    expect(events.at(-1).replies.at(-1).status).toBe(200);
    await fake('stripeUrl', '/__fake/resend', { eventId: events.at(-1).event.id });
    const after = (await call(`/api/orders/${order.id}`, cardBuyer)).body.data;
    expect(after.payment_status).toBe('COMPLETED');
    expect(after.events.filter((event: Row) => event.status === 'payment:COMPLETED')).toHaveLength(1);
  });

  it('sends a buyer who checked out in Swahili back to the Swahili payment pages, paid or not', async () => {
    const origin = new URL(inject('baseUrl')).origin;
    const order = (await call('/api/orders', cardBuyer, 'POST', orderFor([{ product: plain[12]!, quantity: 1 }], 'stripe'), { 'Accept-Language': 'sw-UG' }))
      .body.data;
    const sessionId = order.payment.redirect_url.split('/').at(-1);
    const session = (await fake('stripeUrl', '/__fake/state')).sessions.find((entry: Row) => entry.id === sessionId);
    expect(session.success_url).toBe(`${origin}/sw/payment/callback/${order.id}?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${origin}/sw/payment/${order.id}`);
  });

  it('an expired session cancels the attempt; a Stripe out of reach fails it with the reason', async () => {
    const order = (await call('/api/orders', cardBuyer, 'POST', orderFor([{ product: plain[12]!, quantity: 1 }], 'stripe'))).body.data;
    const sessionId = order.payment.redirect_url.split('/').at(-1);
    await fake('stripeUrl', '/__fake/expire', { sessionId });
    expect((await call(`/api/orders/${order.id}`, cardBuyer)).body.data.payment_status).toBe('CANCELLED');

    await fake('stripeUrl', '/__fake/fail', { path: '/v1/checkout/sessions', mode: 'error' });
    const refused = (await call('/api/orders', cardBuyer, 'POST', orderFor([{ product: plain[12]!, quantity: 1 }], 'stripe'))).body.data;
    expect(refused.payment_status).toBe('FAILED');
    expect(refused.payment.details.error).toBe('Stripe is not reachable. Please try again.');
    expect(refused.payment.details).not.toHaveProperty('error_message');
    for (const [language, reason] of [
      ['lg', 'Stripe tetuukikako. Gezaako nate.'],
      ['sw', 'Stripe haipatikani. Tafadhali jaribu tena.'],
    ] as const) {
      const read = (await call(`/api/orders/${refused.id}`, cardBuyer, 'GET', undefined, { 'Accept-Language': language })).body.data;
      expect(read.payment.details.error, language).toBe(reason);
    }
  });
});
