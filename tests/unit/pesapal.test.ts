import http from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '~/server/config';
import { PaymentGatewayError, type PaymentRequest } from '~/server/payments/gateway';
import { createPesapalGateway, pesapalNotificationReply, readPesapalNotification } from '~/server/payments/gateways/pesapal';
import { startFakePesapal, type FakePesapal, type FakePesapalState } from '~/server/fakes/fake-pesapal';
import { freePort } from '../support/free-port';

/** What the store's notification endpoint received; it answers the way the store must. */
type ReceivedIpn = { method: string; query: URLSearchParams; body: unknown };

let fake: FakePesapal;
let store: http.Server;
let storeUrl: string;
let received: ReceivedIpn[] = [];
let reference = 0;

const fakeCall = async (path: string, body?: unknown) => {
  const response = await fetch(`${fake.baseUrl}/__fake/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json() as Promise<unknown>;
};
const state = () => fakeCall('state') as Promise<FakePesapalState>;
const calls = (s: FakePesapalState, path: string) => s.requests.filter((request) => request.path === path).length;

const gateway = (env: Record<string, string> = {}) =>
  createPesapalGateway(loadConfig({ PESAPAL_BASE_URL: fake.baseUrl, PESAPAL_CONSUMER_KEY: 'fake-key', PESAPAL_CONSUMER_SECRET: 'fake-secret', ...env }));

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  reference += 1;
  return {
    orderId: 7,
    merchantReference: `ORD-7-${reference}-${Date.now()}`,
    amount: 25000,
    description: 'Order 7 at the store',
    customer: { firstName: 'Amina', lastName: 'Nakato', email: 'amina@example.ug', phone: '0772123456' },
    lines: [{ name: 'Tecno Spark 20', unitPrice: 25000, quantity: 1 }],
    callbackUrl: `${storeUrl}/payment/callback/7`,
    cancelUrl: `${storeUrl}/payment/7`,
    notificationUrl: `${storeUrl}/api/payments/pesapal/ipn`,
    ...overrides,
  };
}

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

beforeAll(async () => {
  fake = await startFakePesapal({ port: await freePort() });
  store = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://store.test');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      received.push({ method: req.method ?? '', query: url.searchParams, body });
      const notification = readPesapalNotification(req.method === 'POST' ? body : url.searchParams);
      res.writeHead(notification ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(notification ? pesapalNotificationReply(notification.trackingId, notification.merchantReference, true) : {}));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => store.listen(port, '127.0.0.1', resolve));
  storeUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await fake?.stop();
  await new Promise((resolve) => store?.close(resolve));
});

beforeEach(async () => {
  await fakeCall('reset', {});
  received = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Pesapal gateway configuration', () => {
  it('is configured only when both the consumer key and secret are set', () => {
    expect(createPesapalGateway(loadConfig({ PESAPAL_CONSUMER_KEY: 'k', PESAPAL_CONSUMER_SECRET: 's' })).isConfigured()).toBe(true);
    expect(createPesapalGateway(loadConfig({ PESAPAL_CONSUMER_KEY: 'k' })).isConfigured()).toBe(false);
    expect(createPesapalGateway(loadConfig({ PESAPAL_CONSUMER_SECRET: 's' })).isConfigured()).toBe(false);
    expect(createPesapalGateway(loadConfig({})).isConfigured()).toBe(false);
    expect(createPesapalGateway(loadConfig({})).name).toBe('pesapal');
  });
});

describe('Pesapal access token', () => {
  it('is requested once and reused, and every call sends the JSON headers and the bearer token', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    await pesapal.start(paymentRequest());
    await pesapal.check(started.gatewayReference);

    const s = await state();
    expect(s.tokensIssued).toBe(1);
    expect(calls(s, 'api/Auth/RequestToken')).toBe(1);
    expect(s.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of s.requests) {
      expect(request.accept).toBe('application/json');
      expect(request.contentType).toBe('application/json');
      expect(request.authorization).toMatch(request.path === 'api/Auth/RequestToken' ? /^$/ : /^Bearer .+/);
    }
  });

  it('is requested again after Pesapal answers 401, and the call is retried', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    await fakeCall('expire-tokens', {});

    await expect(pesapal.check(started.gatewayReference)).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });
    const s = await state();
    expect(s.tokensIssued).toBe(2);
    expect(calls(s, 'api/Transactions/GetTransactionStatus')).toBe(2);
  });

  it('is renewed 30 seconds before it expires', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    const now = Date.now();

    vi.setSystemTime(now + 4 * 60_000 + 29_000);
    await pesapal.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(1);

    vi.setSystemTime(now + 4 * 60_000 + 31_000);
    await pesapal.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(2);
  });
});

describe('Pesapal IPN registration', () => {
  it('registers the notification URL once, even for concurrent payments', async () => {
    const pesapal = gateway();
    await Promise.all([pesapal.start(paymentRequest()), pesapal.start(paymentRequest()), pesapal.start(paymentRequest())]);
    await pesapal.start(paymentRequest());

    const s = await state();
    expect(s.ipns).toHaveLength(1);
    expect(s.ipns[0]).toMatchObject({ url: `${storeUrl}/api/payments/pesapal/ipn`, ipn_notification_type: 'GET' });
    expect(calls(s, 'api/URLSetup/RegisterIPN')).toBe(1);
    expect(calls(s, 'api/URLSetup/GetIpnList')).toBe(1);
    expect(s.orders).toHaveLength(4);
    for (const order of s.orders) expect(order.notification_id).toBe(s.ipns[0]!.ipn_id);
  });

  it('reuses an IPN already registered for the URL, found in GetIpnList', async () => {
    await gateway().start(paymentRequest());
    const first = await state();

    await gateway().start(paymentRequest());
    const s = await state();
    expect(s.ipns).toHaveLength(1);
    expect(calls(s, 'api/URLSetup/RegisterIPN')).toBe(1);
    expect(calls(s, 'api/URLSetup/GetIpnList')).toBe(2);
    expect(s.orders[1]!.notification_id).toBe(first.ipns[0]!.ipn_id);
  });

  it('registers a different notification URL separately', async () => {
    const pesapal = gateway();
    await pesapal.start(paymentRequest());
    await pesapal.start(paymentRequest({ notificationUrl: `${storeUrl}/api/payments/pesapal/ipn?v=2` }));
    expect((await state()).ipns).toHaveLength(2);
  });

  it('uses PESAPAL_IPN_ID without looking anything up', async () => {
    await gateway().start(paymentRequest());
    const ipnId = (await state()).ipns[0]!.ipn_id;
    const before = (await state()).requests.length;

    await gateway({ PESAPAL_IPN_ID: ipnId }).start(paymentRequest());
    const s = await state();
    expect(s.requests.slice(before).map((request) => request.path)).toEqual(['api/Auth/RequestToken', 'api/Transactions/SubmitOrderRequest']);
    expect(s.orders[1]!.notification_id).toBe(ipnId);
  });
});

describe('Pesapal SubmitOrderRequest', () => {
  it('sends whole UGX, the description cut to 100 characters, the URLs and the billing address', async () => {
    const request = paymentRequest({ amount: 24999.6, description: 'x'.repeat(140) });
    const started = await gateway().start(request);

    const s = await state();
    const order = s.orders[0]!;
    expect(order).toMatchObject({
      merchant_reference: request.merchantReference,
      amount: 25000,
      currency: 'UGX',
      description: 'x'.repeat(100),
      callback_url: request.callbackUrl,
      cancellation_url: request.cancelUrl,
      notification_id: s.ipns[0]!.ipn_id,
    });
    expect(Number.isInteger(order.amount)).toBe(true);
    expect(order.billing_address).toEqual({
      email_address: 'amina@example.ug',
      phone_number: '0772123456',
      country_code: 'UG',
      first_name: 'Amina',
      last_name: 'Nakato',
    });
    expect(started).toEqual({
      status: 'PENDING_PAYMENT',
      gatewayReference: order.order_tracking_id,
      redirectUrl: `${fake.baseUrl}/pay/${order.order_tracking_id}`,
      details: { merchant_reference: request.merchantReference },
    });
    expect(order.order_tracking_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('refuses a merchant reference used before with a clear error', async () => {
    const pesapal = gateway();
    const request = paymentRequest();
    await pesapal.start(request);
    const error = await gatewayError(pesapal.start(request));
    expect(error.message).toBe(`Pesapal could not start the payment: An order with id ${request.merchantReference} already exists.`);
    expect(error.details).toMatchObject({ errorCode: 'duplicate_merchant_reference' });
  });

  it('refuses to start when the keys are not set', async () => {
    const error = await gatewayError(createPesapalGateway(loadConfig({ PESAPAL_BASE_URL: fake.baseUrl })).start(paymentRequest()));
    expect(error.message).toBe('Pesapal is not set up for this store.');
    expect((await state()).requests).toHaveLength(0);
  });
});

describe('Pesapal GetTransactionStatus', () => {
  it.each([
    [1, 'COMPLETED', 'COMPLETED'],
    [2, 'FAILED', 'FAILED'],
    [3, 'REVERSED', 'REVERSED'],
  ] as const)('maps status_code %i (%s) to %s', async (statusCode, description, expected) => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    await fakeCall('status', { trackingId: started.gatewayReference, status_code: statusCode });

    const checked = await pesapal.check(started.gatewayReference);
    expect(checked.status).toBe(expected);
    expect(checked.details).toMatchObject({
      status_code: statusCode,
      payment_status_description: description,
      amount: 25000,
      currency: 'UGX',
      merchant_reference: started.details.merchant_reference,
      payment_method: 'MTN',
    });
    expect(checked.details).toHaveProperty('confirmation_code');
    expect(checked.details).toHaveProperty('payment_account');
  });

  it('keeps an unpaid order (status_code 0, INVALID with "Pending Payment") pending', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    const checked = await pesapal.check(started.gatewayReference);
    expect(checked.status).toBe('PENDING_PAYMENT');
    expect(checked.details).toMatchObject({ status_code: 0, payment_status_description: 'INVALID' });
  });

  it('fails for a tracking id Pesapal does not know', async () => {
    const pesapal = gateway();
    const error = await gatewayError(pesapal.check('00000000-0000-0000-0000-000000000000'));
    expect(error.message).toBe('Pesapal could not check the payment: No order has this tracking id.');
  });
});

describe('Pesapal failures', () => {
  it('reports refused keys', async () => {
    const error = await gatewayError(gateway({ PESAPAL_CONSUMER_SECRET: 'wrong' }).start(paymentRequest()));
    expect(error.message).toBe("Pesapal could not start the payment: Pesapal refused the store's API keys (invalid_consumer_key_or_secret_provided).");
    expect(error.details.error).toMatchObject({ error_type: 'api_error', code: 'invalid_consumer_key_or_secret_provided' });
    expect((await state()).orders).toHaveLength(0);
  });

  it('reports an error object with error_type, with HTTP 200', async () => {
    const pesapal = gateway();
    await pesapal.start(paymentRequest());
    const error = { error_type: 'api_error', code: 'amount_exceeds_default_limit', message: 'Amount exceeds the limit for this merchant' };
    await fakeCall('fail', { path: 'api/Transactions/SubmitOrderRequest', mode: 'error', error });

    const failure = await gatewayError(pesapal.start(paymentRequest()));
    expect(failure.message).toBe('Pesapal could not start the payment: Amount exceeds the limit for this merchant.');
    expect(failure.details).toMatchObject({ error, errorType: 'api_error', errorCode: 'amount_exceeds_default_limit', httpStatus: 200 });
  });

  it('reads the kind of error from `type` as well, falling back to the code when the message is empty', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    await fakeCall('fail', { path: 'api/Transactions/GetTransactionStatus', mode: 'error', error: { type: 'error_type', code: 'response_code', message: '' } });

    const failure = await gatewayError(pesapal.check(started.gatewayReference));
    expect(failure.message).toBe('Pesapal could not check the payment: response_code.');
    expect(failure.details).toMatchObject({ errorType: 'error_type', errorCode: 'response_code' });
  });

  it('reports an HTTP 500', async () => {
    await fakeCall('fail', { path: 'api/Auth/RequestToken', mode: 'http500' });
    const error = await gatewayError(gateway().start(paymentRequest()));
    expect(error.message).toBe('Pesapal could not start the payment: Pesapal answered HTTP 500.');
    expect(error.details).toMatchObject({ httpStatus: 500, endpoint: 'api/Auth/RequestToken' });
  });

  it('recovers on the next payment after a failed IPN lookup', async () => {
    const pesapal = gateway();
    await fakeCall('fail', { path: 'api/URLSetup/GetIpnList', mode: 'http500' });
    await gatewayError(pesapal.start(paymentRequest()));
    await expect(pesapal.start(paymentRequest())).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });
  });

  it('reports a server that does not answer in time', async () => {
    await fakeCall('fail', { path: 'api/Auth/RequestToken', mode: 'hang' });
    const error = await gatewayError(gateway({ PESAPAL_TIMEOUT_MS: '300' }).start(paymentRequest()));
    expect(error.message).toBe('Pesapal did not answer in time. Please try again.');
  });

  it('reports an unreachable server', async () => {
    const pesapal = gateway({ PESAPAL_BASE_URL: `http://127.0.0.1:${await freePort()}/pesapalv3` });
    const error = await gatewayError(pesapal.start(paymentRequest()));
    expect(error.message).toBe('Pesapal is not reachable. Please try again.');
    expect(error.details.endpoint).toBe('api/Auth/RequestToken');
  });

  it('reports a failure to renew the token after a 401', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    await fakeCall('expire-tokens', {});
    await fakeCall('fail', { path: 'api/Auth/RequestToken', mode: 'error', error: { error_type: 'api_error', code: 'busy', message: 'Try later' } });
    const error = await gatewayError(pesapal.check(started.gatewayReference));
    expect(error.message).toBe("Pesapal could not check the payment: Pesapal refused the store's API keys (busy).");
  });
});

describe('Pesapal notifications', () => {
  it('reads a GET IPN from the query string', () => {
    const query = new URLSearchParams('OrderTrackingId=abc-123&OrderMerchantReference=ORD-7-1&OrderNotificationType=IPNCHANGE');
    expect(readPesapalNotification(query)).toEqual({ trackingId: 'abc-123', merchantReference: 'ORD-7-1', type: 'IPNCHANGE' });
  });

  it('reads a POST IPN from its JSON body', () => {
    expect(readPesapalNotification({ OrderTrackingId: 'abc-123', OrderMerchantReference: 'ORD-7-1', OrderNotificationType: 'IPNCHANGE' })).toEqual({
      trackingId: 'abc-123',
      merchantReference: 'ORD-7-1',
      type: 'IPNCHANGE',
    });
  });

  it('gives null without a tracking id', () => {
    expect(readPesapalNotification(new URLSearchParams('OrderMerchantReference=ORD-7-1'))).toBeNull();
    expect(readPesapalNotification({ OrderTrackingId: '', OrderMerchantReference: 'ORD-7-1' })).toBeNull();
    expect(readPesapalNotification({})).toBeNull();
  });

  it('builds the reply Pesapal expects', () => {
    expect(pesapalNotificationReply('abc-123', 'ORD-7-1', true)).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: 'abc-123',
      orderMerchantReference: 'ORD-7-1',
      status: 200,
    });
    expect(pesapalNotificationReply('abc-123', 'ORD-7-1', false).status).toBe(500);
  });
});

describe('Pesapal hosted payment page', () => {
  async function payOnPage(redirectUrl: string, action: 'pay' | 'decline') {
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const response = await fetch(redirectUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }),
      redirect: 'manual',
    });
    return { html, response };
  }

  it('takes the payment, sends a GET IPN and sends the buyer to the callback URL', async () => {
    const pesapal = gateway();
    const request = paymentRequest();
    const started = await pesapal.start(request);

    const { html, response } = await payOnPage(started.redirectUrl, 'pay');
    expect(html).toContain('UGX 25,000');
    expect(html).toContain(request.merchantReference);
    expect(html).toMatch(/<button[^>]*>Pay now<\/button>/);
    expect(html).toMatch(/<button[^>]*>Decline<\/button>/);

    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(request.callbackUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      OrderTrackingId: started.gatewayReference,
      OrderMerchantReference: request.merchantReference,
      OrderNotificationType: 'CALLBACKURL',
    });

    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('GET');
    expect(readPesapalNotification(received[0]!.query)).toEqual({
      trackingId: started.gatewayReference,
      merchantReference: request.merchantReference,
      type: 'IPNCHANGE',
    });
    const s = await state();
    expect(s.notifications).toHaveLength(1);
    expect(s.notifications[0]!.reply).toEqual({
      status: 200,
      body: pesapalNotificationReply(started.gatewayReference, request.merchantReference, true),
    });

    const checked = await pesapal.check(started.gatewayReference);
    expect(checked.status).toBe('COMPLETED');
    expect(checked.details.confirmation_code).toMatch(/^[0-9A-F]{10}$/);
  });

  it('declines the payment and still notifies', async () => {
    const pesapal = gateway();
    const started = await pesapal.start(paymentRequest());
    const { response } = await payOnPage(started.redirectUrl, 'decline');
    expect(response.status).toBe(302);
    expect(received).toHaveLength(1);
    expect((await pesapal.check(started.gatewayReference)).status).toBe('FAILED');
  });

  it('sends a POST IPN with a JSON body when the URL was registered for POST, and replays it on request', async () => {
    const token = (await (
      await fetch(`${fake.baseUrl}/api/Auth/RequestToken`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ consumer_key: 'fake-key', consumer_secret: 'fake-secret' }),
      })
    ).json()) as { token: string };
    const registered = (await (
      await fetch(`${fake.baseUrl}/api/URLSetup/RegisterIPN`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token.token}` },
        body: JSON.stringify({ url: `${storeUrl}/api/payments/pesapal/ipn-post`, ipn_notification_type: 'POST' }),
      })
    ).json()) as { ipn_id: string };

    const pesapal = gateway({ PESAPAL_IPN_ID: registered.ipn_id });
    const request = paymentRequest();
    const started = await pesapal.start(request);
    await payOnPage(started.redirectUrl, 'pay');

    const expected = { OrderTrackingId: started.gatewayReference, OrderMerchantReference: request.merchantReference, OrderNotificationType: 'IPNCHANGE' };
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', body: expected });

    const replay = (await fakeCall('notify', { trackingId: started.gatewayReference })) as { reply: unknown };
    expect(replay.reply).toEqual({ status: 200, body: pesapalNotificationReply(started.gatewayReference, request.merchantReference, true) });
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(expected);
    expect((await state()).notifications).toHaveLength(2);
  });
});

describe('PAYMENT_FAKES=1', () => {
  it('answers Pesapal with the local fake when its keys are not set, and leaves a configured Stripe alone', async () => {
    const { startDemoPaymentFakes } = await import('~/server/fakes/demo-fakes');
    const configuredStripe = { STRIPE_SECRET_KEY: 'sk_live_store', STRIPE_WEBHOOK_SECRET: 'whsec_store' };
    const demo = await startDemoPaymentFakes(storeUrl, loadConfig(configuredStripe));
    try {
      expect(demo.faked).toContain('Pesapal');
      expect(demo.faked).not.toContain('Stripe');
      expect(demo.env.STRIPE_API_BASE).toBeUndefined();
      const pesapal = createPesapalGateway(loadConfig({ ...configuredStripe, ...demo.env }));
      expect(pesapal.isConfigured()).toBe(true);
      const started = await pesapal.start(paymentRequest());
      expect(started.redirectUrl.startsWith(`${demo.env.PESAPAL_BASE_URL}/pay/`)).toBe(true);
      const paid = await fetch(started.redirectUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
      expect(paid.headers.get('location')).toMatch(new RegExp(`^${storeUrl}/payment/callback/7\\?`));
      expect((await pesapal.check(started.gatewayReference)).status).toBe('COMPLETED');
    } finally {
      await demo.stop();
    }
  });
});
