import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { PaymentGatewayError, type PaymentGateway, type PaymentRequest } from '~/server/payments/gateway';
import {
  createStripeGateway,
  fromStripeAmount,
  signStripePayload,
  StripeSignatureError,
  toStripeAmount,
  verifyStripeWebhook,
} from '~/server/payments/gateways/stripe';
import { startFakeStripe } from '~/server/fakes/fake-stripe';
import { freePort } from '../support/free-port';

const NOT_MATCHING = 'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?';

describe('Stripe amounts for UGX', () => {
  it('sends UGX × 100 and reads it back ÷ 100', () => {
    expect(toStripeAmount(25_000)).toBe(2_500_000);
    expect(toStripeAmount(5)).toBe(500);
    expect(toStripeAmount(0)).toBe(0);
    expect(fromStripeAmount(2_500_000)).toBe(25_000);
  });

  it.each([25_000.5, Number.NaN, -100, Number.POSITIVE_INFINITY])('refuses %s UGX', (amount) => {
    expect(() => toStripeAmount(amount)).toThrow(RangeError);
  });

  it('refuses a fractional Stripe amount', () => {
    expect(() => fromStripeAmount(2_500_000.5)).toThrow(RangeError);
  });
});

describe('verifyStripeWebhook', () => {
  const secret = 'whsec_test_store';
  const now = new Date('2025-03-01T10:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1', payment_status: 'paid' } } });
  const good = signStripePayload(body, secret, now);
  const v1 = good.split('v1=')[1]!;

  it('signs `${t}.${body}` with HMAC-SHA256 of the secret', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(good).toBe(`t=${t},v1=${expected}`);
    expect(signStripePayload(body, secret, t)).toBe(good);
  });

  it('accepts a good signature and returns the event', () => {
    expect(verifyStripeWebhook(body, good, secret, { now })).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', payment_status: 'paid' } },
    });
  });

  it('accepts the header when any one of several v1 signatures matches', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v0=${v1},v1=${v1}`;
    expect(verifyStripeWebhook(body, header, secret, { now }).id).toBe('evt_1');
    expect(() => verifyStripeWebhook(body, `t=${t},v1=${'0'.repeat(64)},v0=${v1}`, secret, { now })).toThrow(NOT_MATCHING);
  });

  it('accepts a timestamp exactly at the tolerance and refuses one second past it', () => {
    expect(verifyStripeWebhook(body, signStripePayload(body, secret, t - 300), secret, { now }).id).toBe('evt_1');
    expect(() => verifyStripeWebhook(body, signStripePayload(body, secret, t - 301), secret, { now })).toThrow('Timestamp outside the tolerance zone');
    expect(() => verifyStripeWebhook(body, signStripePayload(body, secret, t - 61), secret, { now, toleranceSeconds: 60 })).toThrow(
      'Timestamp outside the tolerance zone',
    );
  });

  it.each([
    ['a missing payload', '', good, 'No webhook payload was provided.'],
    ['a missing header (null)', body, null, 'No stripe-signature header value was provided.'],
    ['a missing header (undefined)', body, undefined, 'No stripe-signature header value was provided.'],
    ['an empty header', body, '', 'No stripe-signature header value was provided.'],
    ['a header that is not a signature', body, 'sha256=abc', 'Unable to extract timestamp and signatures from header'],
    ['a header without a timestamp', body, `v1=${v1}`, 'Unable to extract timestamp and signatures from header'],
    ['a timestamp that is not a number', body, `t=soon,v1=${v1}`, 'Unable to extract timestamp and signatures from header'],
    ['a header without a v1 signature', body, `t=${t},v0=${v1}`, 'No signatures found with expected scheme'],
    ['a signature made with another secret', body, signStripePayload(body, 'whsec_someone_else', now), NOT_MATCHING],
    ['a body changed by one byte', body.replace('cs_test_1', 'cs_test_2'), good, NOT_MATCHING],
    ['a body re-serialised with spaces', JSON.stringify(JSON.parse(body), null, 1), good, NOT_MATCHING],
    ['a timestamp older than five minutes', body, signStripePayload(body, secret, t - 3600), 'Timestamp outside the tolerance zone'],
  ])('refuses %s', (_case, rawBody, header, message) => {
    let error: unknown;
    try {
      verifyStripeWebhook(rawBody, header, secret, { now });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StripeSignatureError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(message);
  });
});

type Received = { headers: http.IncomingHttpHeaders; body: string };
type FakeState = { sessions: any[]; events: any[]; requests: any[]; refunds: any[] };

describe('Stripe gateway against the fake Stripe', () => {
  const received: Received[] = [];
  let receiver: http.Server;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let gateway: PaymentGateway;

  const order = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
    orderId: 42,
    merchantReference: 'ORD-42-1',
    amount: 30_000,
    description: 'Order 42 at the store',
    customer: { firstName: 'Nakato', lastName: 'Achieng', email: 'nakato@example.ug', phone: '+256700000001' },
    lines: [
      { name: 'Kitenge dress', unitPrice: 25_000, quantity: 1 },
      { name: 'Phone case', unitPrice: 2_500, quantity: 2 },
    ],
    callbackUrl: 'http://store.test/payment/callback/42',
    cancelUrl: 'http://store.test/payment/42',
    notificationUrl: 'http://store.test/api/payments/stripe/webhook',
    ...overrides,
  });

  const control = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, `${path} answered ${response.status}`).toBe(200);
    return response.json();
  };
  const state = async () => (await (await fetch(`${fake.baseUrl}/__fake/state`)).json()) as FakeState;
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as PaymentGatewayError,
    );

  beforeAll(async () => {
    const receiverPort = await freePort();
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
    fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${receiverPort}/api/payments/stripe/webhook` });
    gateway = createStripeGateway(loadConfig({ STRIPE_API_BASE: fake.baseUrl, STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake' }));
  });

  afterAll(async () => {
    await fake?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  beforeEach(async () => {
    await control('/__fake/reset');
    received.length = 0;
  });

  it('is configured only with both the secret key and the webhook secret', () => {
    expect(gateway.isConfigured()).toBe(true);
    expect(createStripeGateway(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_fake' })).isConfigured()).toBe(false);
    expect(createStripeGateway(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_fake' })).isConfigured()).toBe(false);
    expect(createStripeGateway(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).isConfigured()).toBe(false);
  });

  it('starts a Checkout Session with every amount as UGX × 100, open for 31 minutes', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const started = await gateway.start(order());
    const expiresAt = Number(started.details.expires_at);
    expect(expiresAt - startedAt).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - startedAt).toBeLessThanOrEqual(31 * 60 + 2);
    expect(started.gatewayReference).toMatch(/^cs_test_/);
    expect(started).toEqual({
      status: 'PENDING_PAYMENT',
      gatewayReference: started.gatewayReference,
      redirectUrl: `${fake.baseUrl}/pay/${started.gatewayReference}`,
      details: { amount_total: 3_000_000, currency: 'ugx', expires_at: expiresAt },
    });

    const { requests, sessions } = await state();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotency_key: 'ORD-42-1',
      form: {
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'ugx', unit_amount: '2500000', product_data: { name: 'Kitenge dress' } }, quantity: '1' },
          { price_data: { currency: 'ugx', unit_amount: '250000', product_data: { name: 'Phone case' } }, quantity: '2' },
        ],
        success_url: 'http://store.test/payment/callback/42?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://store.test/payment/42',
        client_reference_id: '42',
        metadata: { order_id: '42', merchant_reference: 'ORD-42-1' },
        customer_email: 'nakato@example.ug',
        expires_at: String(expiresAt),
      },
    });
    expect(sessions[0]).toMatchObject({ id: started.gatewayReference, amount_total: 3_000_000, currency: 'ugx', status: 'open', payment_status: 'unpaid' });
  });

  it('returns the same session when the same payment attempt is started twice', async () => {
    const first = await gateway.start(order());
    const again = await gateway.start(order());
    expect(again.gatewayReference).toBe(first.gatewayReference);
    expect((await state()).sessions).toHaveLength(1);

    const changed = await failureOf(gateway.start(order({ amount: 27_500, lines: [{ name: 'Kitenge dress', unitPrice: 27_500, quantity: 1 }] })));
    expect(changed).toBeInstanceOf(PaymentGatewayError);
    expect(changed?.message).toMatch(/^Stripe could not start the payment: Keys for idempotent requests can only be used with the same parameters/);
    expect(changed?.details).toMatchObject({ http_status: 400, type: 'idempotency_error' });
  });

  it('refuses a UGX amount that is not divisible by 100, with Stripe’s message', async () => {
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'ugx',
      'line_items[0][price_data][unit_amount]': '2500050',
      'line_items[0][price_data][product_data][name]': 'Kitenge dress',
      'line_items[0][quantity]': '1',
    });
    const response = await fetch(`${fake.baseUrl}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_fake', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        param: 'line_items[0][price_data][unit_amount]',
        message: 'Invalid amount. Currency UGX has become effectively zero-decimal and charged amounts must be evenly divisible by 100.',
      },
    });

    // The same order sent as plain shillings (25000 instead of 2500000) comes to "25.00 UGX": too small.
    form.set('line_items[0][price_data][unit_amount]', '25000');
    const unscaled = await fetch(`${fake.baseUrl}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_fake', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(unscaled.status).toBe(400);
    expect(((await unscaled.json()) as { error: { message: string } }).error.message).toBe(
      "The Checkout Session's total amount must convert to at least 50 cents.",
    );
    expect((await state()).sessions).toHaveLength(0);
  });

  it('refuses lines that do not add up to the amount, before calling Stripe', async () => {
    const error = await failureOf(gateway.start(order({ amount: 30_001 })));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error?.message).toBe('The items add up to UGX 30,000 but the payment is for UGX 30,001.');
    expect((await state()).requests).toHaveLength(0);
  });

  it('refuses a line with a fractional price or no quantity, before calling Stripe', async () => {
    for (const line of [
      { name: 'Sugar', unitPrice: 2_500.5, quantity: 1 },
      { name: 'Sugar', unitPrice: 2_500, quantity: 0 },
    ]) {
      const error = await failureOf(gateway.start(order({ amount: 2_500, lines: [line] })));
      expect(error).toBeInstanceOf(PaymentGatewayError);
      expect(error?.message).toBe('An item in this order has an invalid price or quantity.');
    }
    expect((await state()).requests).toHaveLength(0);
  });

  it('refuses a total under the store’s UGX 2,000 floor before calling Stripe, and takes exactly UGX 2,000', async () => {
    const small = await failureOf(gateway.start(order({ amount: 1_999, lines: [{ name: 'Airtime', unitPrice: 1_999, quantity: 1 }] })));
    expect(small).toBeInstanceOf(PaymentGatewayError);
    expect(small?.message).toBe("Card payments need an order of at least UGX 2,000 (the store's minimum for Stripe); this one is UGX 1,999.");
    expect((await state()).requests).toHaveLength(0);

    const floor = await gateway.start(order({ amount: 2_000, lines: [{ name: 'Airtime', unitPrice: 2_000, quantity: 1 }] }));
    expect(floor.details).toMatchObject({ amount_total: 200_000, currency: 'ugx' });
  });

  it('maps open and unpaid to PENDING_PAYMENT and paid to COMPLETED', async () => {
    const { gatewayReference } = await gateway.start(order());
    expect(await gateway.check(gatewayReference)).toEqual({
      status: 'PENDING_PAYMENT',
      details: {
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 3_000_000,
        amount_ugx: 30_000,
        currency: 'ugx',
        client_reference_id: '42',
        payment_intent: null,
      },
    });

    await control('/__fake/pay', { sessionId: gatewayReference, send_webhook: false });
    expect(await gateway.check(gatewayReference)).toEqual({
      status: 'COMPLETED',
      details: {
        status: 'complete',
        payment_status: 'paid',
        amount_total: 3_000_000,
        amount_ugx: 30_000,
        currency: 'ugx',
        client_reference_id: '42',
        payment_intent: expect.stringMatching(/^pi_test_/),
      },
    });
    expect(received).toHaveLength(0);
  });

  it('maps an expired session to CANCELLED and tells the store with a signed event', async () => {
    const { gatewayReference } = await gateway.start(order());
    await control('/__fake/expire', { sessionId: gatewayReference });
    const checked = await gateway.check(gatewayReference);
    expect(checked.status).toBe('CANCELLED');
    expect(checked.details).toMatchObject({ status: 'expired', payment_status: 'unpaid' });

    expect(received).toHaveLength(1);
    const event = verifyStripeWebhook(received[0]!.body, received[0]!.headers['stripe-signature'] as string, 'whsec_fake');
    expect(event.type).toBe('checkout.session.expired');
    expect(event.data.object).toMatchObject({ id: gatewayReference, status: 'expired' });
  });

  it('expires a session through the API call as well', async () => {
    const { gatewayReference } = await gateway.start(order());
    const response = await fetch(`${fake.baseUrl}/v1/checkout/sessions/${gatewayReference}/expire`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_fake' },
    });
    expect(response.status).toBe(200);
    expect((await gateway.check(gatewayReference)).status).toBe('CANCELLED');
  });

  it('closes an open session so that it can no longer be paid, and says so again when it is already closed', async () => {
    const { gatewayReference } = await gateway.start(order());
    expect(await gateway.cancel!(gatewayReference)).toBe('cancelled');
    expect((await gateway.check(gatewayReference)).status).toBe('CANCELLED');
    expect(await gateway.cancel!(gatewayReference)).toBe('cancelled');
    const paying = await fetch(`${fake.baseUrl}/__fake/pay`, { method: 'POST', body: JSON.stringify({ sessionId: gatewayReference }) });
    expect(paying.status).toBe(409);
  });

  it('says "paid" when the session it was asked to close was paid first', async () => {
    const { gatewayReference } = await gateway.start(order());
    await control('/__fake/pay', { sessionId: gatewayReference, send_webhook: false });
    expect(await gateway.cancel!(gatewayReference)).toBe('paid');
  });

  it('refunds a paid session through its payment intent, once per refund, never more than was paid', async () => {
    const { gatewayReference } = await gateway.start(order());
    await control('/__fake/pay', { sessionId: gatewayReference, send_webhook: false });
    const { details } = await gateway.check(gatewayReference);
    expect(details.payment_intent).toMatch(/^pi_test_/);

    const first = await gateway.refund!({ gatewayReference, details }, { id: 7, amount: 10_000, reason: 'cancelled' });
    const again = await gateway.refund!({ gatewayReference, details }, { id: 7, amount: 10_000, reason: 'cancelled' });
    expect(again.reference).toBe(first.reference);
    const refunds = (await state()).refunds as any[];
    expect(refunds).toEqual([
      expect.objectContaining({ id: first.reference, amount: 1_000_000, reason: 'requested_by_customer', payment_intent: details.payment_intent }),
    ]);

    const tooMuch = await failureOf(gateway.refund!({ gatewayReference, details }, { id: 8, amount: 25_000, reason: 'overpayment' }));
    expect(tooMuch).toBeInstanceOf(PaymentGatewayError);
    expect(tooMuch!.message).toBe('Stripe could not refund the payment: Refund amount (2500000) is greater than unrefunded amount on charge (2000000)');
    const unknown = await failureOf(gateway.refund!({ gatewayReference, details: {} }, { id: 9, amount: 1_000, reason: 'overpayment' }));
    expect(unknown!.message).toBe('Stripe could not refund the payment: the store does not know its payment intent.');
  });

  it('gives a PaymentGatewayError with Stripe’s message for a wrong key, without showing the key', async () => {
    const wrong = createStripeGateway(
      loadConfig({ STRIPE_API_BASE: fake.baseUrl, STRIPE_SECRET_KEY: 'sk_test_not_our_key_1234', STRIPE_WEBHOOK_SECRET: 'whsec_fake' }),
    );
    const error = await failureOf(wrong.start(order()));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error?.message).toMatch(/^Stripe could not start the payment: Invalid API Key provided: sk_test_\*+1234$/);
    expect(error?.message).not.toContain('not_our_key');
    expect(error?.details).toMatchObject({ http_status: 401, type: 'invalid_request_error' });
  });

  it('gives a PaymentGatewayError for an unknown session', async () => {
    const error = await failureOf(gateway.check('cs_test_missing'));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error?.message).toBe("Stripe could not check the payment: No such checkout.session: 'cs_test_missing'");
    expect(error?.details).toMatchObject({ http_status: 404, code: 'resource_missing' });
  });

  it('gives a PaymentGatewayError for an HTTP 500, and works again afterwards', async () => {
    await control('/__fake/fail', { path: '/v1/checkout/sessions', mode: 'http500' });
    const error = await failureOf(gateway.start(order()));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error?.message).toBe('Stripe could not start the payment: An unknown error occurred');
    expect(error?.details).toMatchObject({ http_status: 500, type: 'api_error' });

    expect((await gateway.start(order())).status).toBe('PENDING_PAYMENT');
  });

  it('says Stripe is not reachable when the connection drops', async () => {
    const { gatewayReference } = await gateway.start(order());
    await control('/__fake/fail', { path: `/v1/checkout/sessions/${gatewayReference}`, mode: 'error', times: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await failureOf(gateway.check(gatewayReference));
      expect(error).toBeInstanceOf(PaymentGatewayError);
      expect(error?.message).toBe('Stripe is not reachable. Please try again.');
    }
    expect((await gateway.check(gatewayReference)).status).toBe('PENDING_PAYMENT');
  });

  it('says Stripe is not reachable when nothing listens', async () => {
    const nowhere = createStripeGateway(
      loadConfig({
        STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      }),
    );
    const error = await failureOf(nowhere.start(order()));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error?.message).toBe('Stripe is not reachable. Please try again.');
  });

  it('says a start may have made a page when its answer was lost or Stripe failed, not when Stripe refused it', async () => {
    await control('/__fake/fail', { path: '/v1/checkout/sessions', method: 'POST', mode: 'lost' });
    expect((await failureOf(gateway.start(order())))?.details).toMatchObject({ maybe_sent: true, unanswered: true });
    await control('/__fake/fail', { path: '/v1/checkout/sessions', mode: 'http500' });
    expect((await failureOf(gateway.start(order({ merchantReference: 'ORD-42-2' }))))?.details).toMatchObject({ maybe_sent: true, http_status: 500 });
    // The lost start made its session: the same key with other parameters is refused, and that refusal made nothing.
    const refused = await failureOf(gateway.start(order({ description: 'Another order', lines: [{ name: 'Kitenge dress', unitPrice: 30_000, quantity: 1 }] })));
    expect(refused?.details).toMatchObject({ http_status: 400, type: 'idempotency_error' });
    expect(refused?.details).not.toHaveProperty('maybe_sent');
  });

  it("finds the open page made for an attempt's merchant reference, reading Stripe's list page by page", async () => {
    const since = new Date(Date.now() - 60_000);
    await control('/__fake/fail', { path: '/v1/checkout/sessions', method: 'POST', mode: 'lost' });
    await failureOf(gateway.start(order({ merchantReference: 'ORD-42-lost' })));
    // Newer sessions than one list page holds (100): the lost one is on the second page.
    for (let made = 0; made < 120; made++) await gateway.start(order({ merchantReference: `ORD-42-${made}` }));
    const lost = (await state()).sessions.find((session) => session.metadata?.merchant_reference === 'ORD-42-lost')!;
    expect(await gateway.findOpenPage!('ORD-42-lost', since)).toBe(lost.id);
    expect(await gateway.findOpenPage!('ORD-42-none', since)).toBeNull();
    // Only open pages made since then count.
    expect(await gateway.findOpenPage!('ORD-42-lost', new Date(Date.now() + 60_000))).toBeNull();
    await gateway.cancel!(lost.id);
    expect(await gateway.findOpenPage!('ORD-42-lost', since)).toBeNull();
  });

  describe('hosted payment page', () => {
    it('shows the amount in UGX with Pay now and Cancel', async () => {
      const { redirectUrl, gatewayReference } = await gateway.start(order());
      const response = await fetch(redirectUrl);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('UGX 30,000');
      expect(html).toContain(`<form method="post" action="/pay/${gatewayReference}">`);
      expect(html).toMatch(/<button type="submit" name="action" value="pay">Pay now<\/button>/);
      expect(html).toMatch(/<button type="submit" name="action" value="cancel">Cancel<\/button>/);
    });

    it('on Pay now, posts a signed checkout.session.completed event and sends the buyer to success_url', async () => {
      const { redirectUrl, gatewayReference } = await gateway.start(order());
      const response = await fetch(redirectUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://store.test/payment/callback/42?session_id=${gatewayReference}`);

      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(delivery!.headers['content-type']).toMatch(/^application\/json/);
      const event = verifyStripeWebhook(delivery!.body, delivery!.headers['stripe-signature'] as string, 'whsec_fake');
      expect(event.id).toMatch(/^evt_/);
      expect(event.type).toBe('checkout.session.completed');
      expect(event.data.object).toMatchObject({
        id: gatewayReference,
        status: 'complete',
        payment_status: 'paid',
        amount_total: 3_000_000,
        currency: 'ugx',
        client_reference_id: '42',
        metadata: { order_id: '42', merchant_reference: 'ORD-42-1' },
      });
      expect(() => verifyStripeWebhook(delivery!.body, delivery!.headers['stripe-signature'] as string, 'whsec_other')).toThrow(NOT_MATCHING);

      const { events } = await state();
      expect(events).toHaveLength(1);
      expect(events[0].replies).toEqual([expect.objectContaining({ status: 200, body: '{"received":true}', error: null })]);
      expect((await gateway.check(gatewayReference)).status).toBe('COMPLETED');
      expect((await fetch(redirectUrl)).status).toBe(410);
    });

    it('replays a recorded event byte for byte', async () => {
      const { redirectUrl } = await gateway.start(order());
      await fetch(redirectUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });
      const [recorded] = (await state()).events;
      await control('/__fake/resend', { eventId: recorded.event.id });

      expect(received).toHaveLength(2);
      expect(received[1]!.body).toBe(received[0]!.body);
      expect(received[1]!.headers['stripe-signature']).toBe(received[0]!.headers['stripe-signature']);
      expect((await state()).events[0].replies).toHaveLength(2);
    });

    it('on Cancel, sends the buyer to cancel_url and leaves the session open', async () => {
      const { redirectUrl, gatewayReference } = await gateway.start(order());
      const response = await fetch(redirectUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=cancel',
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('http://store.test/payment/42');
      expect(received).toHaveLength(0);
      expect((await gateway.check(gatewayReference)).status).toBe('PENDING_PAYMENT');
    });
  });
});
