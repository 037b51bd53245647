import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '~/lib/messages/message';
import { loadConfig } from '~/server/config';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { startFakeMtnMomo, type FakeMtnMomo, type FakeMtnMomoState } from '~/server/fakes/fake-mtn-momo';
import { PaymentStillOpen, type PaymentRequest } from '~/server/payments/gateway';
import { createMtnMomoGateway, mtnReferenceFor, readMtnMomoCallback } from '~/server/payments/gateways/mtn-momo';
import { freePort } from '../support/free-port';
import { callsTo, fakeSwitches, gatewayError, startCallbackRecorder, switchFake, until, type ReceivedCallback } from '../support/mobile-money-kit';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REQUEST_TO_PAY = 'collection/v1_0/requesttopay';
const NETWORK_PROBLEM = MOBILE_MONEY_MESSAGES.networkProblem('mtn_momo');

let fake: FakeMtnMomo;
let store: Awaited<ReturnType<typeof startCallbackRecorder>>;
let storeUrl: string;
let received: ReceivedCallback[] = [];
let attempt = 0;

const { call: fakeCall, state } = fakeSwitches<FakeMtnMomoState>(() => fake.baseUrl);

const gateway = (env: Record<string, string> = {}) => createMtnMomoGateway(loadConfig({ ...fake.env, MTN_MOMO_TIMEOUT_MS: '1000', ...env }));

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  attempt += 1;
  return {
    orderId: 7,
    merchantReference: `DK-7-${attempt}-${Date.now().toString(36)}`,
    amount: 25000,
    description: 'Order 7 at Duuka',
    customer: { firstName: 'Amina', lastName: 'Nakato', email: 'amina@example.ug', phone: '0772123456' },
    payerPhone: '256772123456',
    lines: [{ name: 'Tecno Spark 20', unitPrice: 25000, quantity: 1 }],
    callbackUrl: `${storeUrl}/payment/callback/7`,
    cancelUrl: `${storeUrl}/payment/7`,
    notificationUrl: `${storeUrl}/api/payments/mtn-momo/callback`,
    ...overrides,
  };
}

beforeAll(async () => {
  store = await startCallbackRecorder();
  storeUrl = store.url;
  received = store.received;
  fake = await startFakeMtnMomo({ port: await freePort(), approveAfterMs: 150 });
});

afterAll(async () => {
  await fake?.stop();
  await store?.stop();
});

beforeEach(async () => {
  await fakeCall('reset', {});
  store.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MTN MoMo configuration', () => {
  it('is configured only with the subscription key, the API user and the API key', () => {
    const keys = { MTN_MOMO_SUBSCRIPTION_KEY: 's', MTN_MOMO_API_USER: 'u', MTN_MOMO_API_KEY: 'k' };
    expect(createMtnMomoGateway(loadConfig(keys)).isConfigured()).toBe(true);
    for (const left of Object.keys(keys)) {
      expect(createMtnMomoGateway(loadConfig({ ...keys, [left]: ' ' })).isConfigured(), left).toBe(false);
    }
    expect(createMtnMomoGateway(loadConfig({})).isConfigured()).toBe(false);
    expect(createMtnMomoGateway(loadConfig({})).name).toBe('mtn_momo');
  });

  it('refuses to start without its keys, asking nothing of MTN', async () => {
    const error = await gatewayError(createMtnMomoGateway(loadConfig({ MTN_MOMO_BASE_URL: fake.baseUrl })).start(paymentRequest()));
    expect(error.message).toBe('MTN Mobile Money is not set up for this store.');
    expect((await state()).requests).toHaveLength(0);
  });

  it('has no refunds: they need MTN’s Disbursement product, so an administrator pays back by hand', () => {
    expect(gateway().refund).toBeUndefined();
  });
});

describe('the X-Reference-Id derived from the merchant reference', () => {
  it('is a UUID version 4, the same every time for one attempt and different for another', () => {
    const reference = mtnReferenceFor('DK-7-a1b2c3d4e5');
    expect(reference).toMatch(UUID_V4);
    expect(mtnReferenceFor('DK-7-a1b2c3d4e5')).toBe(reference);
    expect(mtnReferenceFor('DK-7-a1b2c3d4e6')).not.toBe(reference);
    for (let i = 0; i < 200; i++) expect(mtnReferenceFor(`DK-${i}-x`)).toMatch(UUID_V4);
  });
});

describe('MTN MoMo request to pay', () => {
  it('sends the amount as text in UGX, the payer’s number, the notes and the headers MTN wants', async () => {
    const request = paymentRequest({ description: 'x'.repeat(200) });
    const started = await gateway().start(request);
    const reference = mtnReferenceFor(request.merchantReference);
    expect(started).toEqual({
      status: 'PENDING_PAYMENT',
      gatewayReference: reference,
      redirectUrl: '',
      details: { mtn_reference: reference, target_environment: 'mtnuganda', currency: 'UGX', already_sent: false },
    });

    const s = await state();
    const sent = s.requests.find((call) => call.method === 'POST' && call.path === REQUEST_TO_PAY)!;
    expect(sent.headers).toMatchObject({
      'x-reference-id': reference,
      'x-target-environment': 'mtnuganda',
      'x-callback-url': request.notificationUrl,
      'ocp-apim-subscription-key': fake.env.MTN_MOMO_SUBSCRIPTION_KEY,
      'content-type': 'application/json',
    });
    expect(sent.headers.authorization).toMatch(/^Bearer .+/);
    expect(sent.body).toEqual({
      amount: '25000',
      currency: 'UGX',
      externalId: request.merchantReference,
      payer: { partyIdType: 'MSISDN', partyId: '256772123456' },
      payerMessage: 'x'.repeat(160),
      payeeNote: 'Order 7',
    });
    expect(s.payments).toHaveLength(1);
  });

  it('sends EUR in MTN’s sandbox, which refuses other currencies, and reports no UGX amount back', async () => {
    const sandbox = await startFakeMtnMomo({ targetEnvironment: 'sandbox', approveAfterMs: 0 });
    try {
      const momo = createMtnMomoGateway(loadConfig({ ...sandbox.env }));
      const started = await momo.start(paymentRequest());
      expect(started.details).toMatchObject({ currency: 'EUR', target_environment: 'sandbox' });
      const checked = await until(
        () => momo.check(started.gatewayReference),
        (c) => c.status !== 'PENDING_PAYMENT',
      );
      expect(checked.status).toBe('COMPLETED');
      expect(checked.details).toMatchObject({ currency: 'EUR', network_amount: '25000' });
      expect(checked.details).not.toHaveProperty('amount_ugx');

      const ugandan = createMtnMomoGateway(loadConfig({ ...sandbox.env, MTN_MOMO_TARGET_ENV: 'mtnuganda' }));
      const error = await gatewayError(ugandan.start(paymentRequest()));
      expect(error.message).toBe(NETWORK_PROBLEM);
      expect(error.details).toMatchObject({ http_status: 400, code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', maybe_sent: false });
    } finally {
      await sandbox.stop();
    }
  });

  it('refuses a number that is not MTN’s before asking MTN', async () => {
    const error = await gatewayError(gateway().start(paymentRequest({ payerPhone: '256752123456' })));
    expect(error.message).toBe('That is not an MTN number: MTN Mobile Money numbers start with 076, 077 or 078');
    const missing = await gatewayError(gateway().start(paymentRequest({ payerPhone: undefined })));
    expect(missing.message).toBe('Enter the MTN Mobile Money number to pay from');
    expect((await state()).requests).toHaveLength(0);
  });

  it('treats the same merchant reference sent twice as one request: MTN answers 409 and the phone is asked once', async () => {
    const momo = gateway();
    const request = paymentRequest();
    const first = await momo.start(request);
    // A store that restarted before recording the first answer sends the same attempt again.
    const again = await createMtnMomoGateway(loadConfig({ ...fake.env })).start(request);
    expect(again.gatewayReference).toBe(first.gatewayReference);
    expect(again.details.already_sent).toBe(true);
    const s = await state();
    expect(callsTo(s, 'POST', REQUEST_TO_PAY)).toBe(2);
    expect(s.payments).toHaveLength(1);
  });
});

describe('MTN MoMo status', () => {
  it('is pending until the buyer approves, then completed with MTN’s transaction id and the UGX amount', async () => {
    const momo = gateway();
    const request = paymentRequest();
    const started = await momo.start(request);
    const pending = await momo.check(started.gatewayReference);
    expect(pending).toEqual({
      status: 'PENDING_PAYMENT',
      details: expect.objectContaining({ network_status: 'PENDING', reason: '', final: false, error: '', financial_transaction_id: '' }),
    });

    const paid = await until(
      () => momo.check(started.gatewayReference),
      (c) => c.status !== 'PENDING_PAYMENT',
    );
    expect(paid.status).toBe('COMPLETED');
    expect(paid.details).toMatchObject({
      network_status: 'SUCCESSFUL',
      reason: '',
      final: true,
      error: '',
      amount_ugx: 25000,
      currency: 'UGX',
      external_id: request.merchantReference,
    });
    expect(paid.details.financial_transaction_id).toMatch(/^\d+$/);
  });

  it('sends one callback, a PUT of the status to the request’s X-Callback-Url, which names the attempt', async () => {
    const request = paymentRequest();
    const started = await gateway().start(request);
    await until(
      () => received,
      (r) => r.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'PUT',
      url: '/api/payments/mtn-momo/callback',
      body: { status: 'SUCCESSFUL', externalId: request.merchantReference },
    });
    expect(readMtnMomoCallback(received[0]!.body)).toEqual({
      merchantReference: request.merchantReference,
      reference: started.gatewayReference,
      status: 'SUCCESSFUL',
    });
    expect(readMtnMomoCallback({ status: 'SUCCESSFUL' })).toBeNull();

    // A duplicate on request: the same body again, so the store's handling must not count it twice.
    const resent = await fakeCall('callback', { reference: started.gatewayReference });
    expect(resent.reply).toEqual({ status: 200, body: '' });
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(received[0]!.body);
    expect((await state()).callbacks).toHaveLength(2);
  });

  it('is still known after a lost callback: asking MTN says it was paid', async () => {
    await fakeCall('next', { outcome: 'success', lostCallback: true, delayMs: 0 });
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    const paid = await until(
      () => momo.check(started.gatewayReference),
      (c) => c.status !== 'PENDING_PAYMENT',
    );
    expect(paid.status).toBe('COMPLETED');
    expect(received).toHaveLength(0);
    expect((await state()).callbacks).toHaveLength(0);
  });

  it('declines numbers ending in 13, as the demo promises', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest({ payerPhone: '256772123413' }));
    const failed = await until(
      () => momo.check(started.gatewayReference),
      (c) => c.status !== 'PENDING_PAYMENT',
    );
    expect(failed).toEqual({
      status: 'FAILED',
      details: expect.objectContaining({ reason: 'APPROVAL_REJECTED', final: true, error: MOBILE_MONEY_MESSAGES.declined }),
    });
  });

  it.each([
    ['APPROVAL_REJECTED', MOBILE_MONEY_MESSAGES.declined],
    ['NOT_ENOUGH_FUNDS', MOBILE_MONEY_MESSAGES.notEnoughMoney],
    ['INTERNAL_PROCESSING_ERROR', MOBILE_MONEY_MESSAGES.notEnoughMoney],
    ['PAYER_NOT_FOUND', 'This number is not registered for MTN Mobile Money.'],
    ['PAYER_LIMIT_REACHED', MOBILE_MONEY_MESSAGES.limitReached],
    ['EXPIRED', MOBILE_MONEY_MESSAGES.notApproved],
    ['COULD_NOT_PERFORM_TRANSACTION', MOBILE_MONEY_MESSAGES.notApproved],
    ['PAYMENT_NOT_APPROVED', MOBILE_MONEY_MESSAGES.notApproved],
    ['SERVICE_UNAVAILABLE', NETWORK_PROBLEM],
  ])('tells the buyer why in plain words when MTN fails it with %s', async (reason, words) => {
    await fakeCall('next', { outcome: 'pending' });
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    await fakeCall('decide', { reference: started.gatewayReference, outcome: 'fail', reason });
    const checked = await momo.check(started.gatewayReference);
    expect(checked.status).toBe('FAILED');
    expect(checked.details).toMatchObject({ network_status: 'FAILED', reason, final: true, error: words, financial_transaction_id: '' });
  });

  it('fails a request nobody approves within the window', async () => {
    const short = await startFakeMtnMomo({ expireAfterMs: 100 });
    try {
      await switchFake(short.baseUrl, 'next', { outcome: 'pending' });
      const momo = createMtnMomoGateway(loadConfig({ ...short.env }));
      const started = await momo.start(paymentRequest());
      const expired = await until(
        () => momo.check(started.gatewayReference),
        (c) => c.status !== 'PENDING_PAYMENT',
      );
      expect(expired.details).toMatchObject({ reason: 'COULD_NOT_PERFORM_TRANSACTION', final: true, error: MOBILE_MONEY_MESSAGES.notApproved });
    } finally {
      await short.stop();
    }
  });

  it('fails, for good, a reference MTN does not know (the request never reached it)', async () => {
    const checked = await gateway().check(mtnReferenceFor('DK-never-sent'));
    expect(checked).toEqual({
      status: 'FAILED',
      details: {
        network_status: 'NOT_FOUND',
        reason: 'RESOURCE_NOT_FOUND',
        final: true,
        error: NETWORK_PROBLEM,
        error_message: message('mobileMoney', 'networkProblem', 'mtn_momo'),
        financial_transaction_id: '',
      },
    });
  });
});

describe('closing an MTN MoMo request', () => {
  it('cannot withdraw one still waiting on the phone: a new attempt must wait', async () => {
    await fakeCall('next', { outcome: 'pending' });
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    const error = await gatewayError(momo.cancel!(started.gatewayReference));
    expect(error).toBeInstanceOf(PaymentStillOpen);
    expect(error.message).toBe(MOBILE_MONEY_MESSAGES.stillOpen);
  });

  it('says paid when it was approved, and cancelled when it failed or MTN never had it', async () => {
    await fakeCall('next', { outcome: 'pending', times: 2 });
    const momo = gateway();
    const paid = await momo.start(paymentRequest());
    const declined = await momo.start(paymentRequest());
    await fakeCall('decide', { reference: paid.gatewayReference, outcome: 'success' });
    await fakeCall('decide', { reference: declined.gatewayReference, outcome: 'fail' });
    expect(await momo.cancel!(paid.gatewayReference)).toBe('paid');
    expect(await momo.cancel!(declined.gatewayReference)).toBe('cancelled');
    expect(await momo.cancel!(mtnReferenceFor('DK-never-sent'))).toBe('cancelled');
  });
});

describe('MTN MoMo access token', () => {
  it('is asked for once with Basic auth and the subscription key, then reused', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    await momo.start(paymentRequest());
    await momo.check(started.gatewayReference);
    const s = await state();
    expect(s.tokensIssued).toBe(1);
    const tokenCall = s.requests.find((call) => call.path === 'collection/token/')!;
    expect(tokenCall.method).toBe('POST');
    expect(Buffer.from(tokenCall.headers.authorization!.replace(/^Basic /, ''), 'base64').toString()).toBe(
      `${fake.env.MTN_MOMO_API_USER}:${fake.env.MTN_MOMO_API_KEY}`,
    );
    for (const call of s.requests) expect(call.headers['ocp-apim-subscription-key']).toBe(fake.env.MTN_MOMO_SUBSCRIPTION_KEY);
  });

  it('is asked for again when MTN answers 401, and the call is made again', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    await fakeCall('expire-tokens', {});
    await expect(momo.check(started.gatewayReference)).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });
    const s = await state();
    expect(s.tokensIssued).toBe(2);
    expect(callsTo(s, 'GET', `${REQUEST_TO_PAY}/`)).toBe(2);
  });

  it('is renewed 30 seconds before the hour MTN gives it runs out', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    const now = Date.now();
    vi.setSystemTime(now + 3_600_000 - 31_000);
    await momo.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(1);
    vi.setSystemTime(now + 3_600_000 - 29_000);
    await momo.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(2);
  });

  it.each([
    ['API key', { MTN_MOMO_API_KEY: 'wrong' }],
    ['subscription key', { MTN_MOMO_SUBSCRIPTION_KEY: 'wrong' }],
  ])('reports a refused %s without sending the request', async (_what, env) => {
    const error = await gatewayError(gateway(env).start(paymentRequest()));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ endpoint: 'collection/token/', http_status: 401, maybe_sent: false });
    expect((await state()).payments).toHaveLength(0);
  });
});

describe('MTN MoMo out of reach', () => {
  it('sends the request again, with the same reference, when the first try got no answer', async () => {
    await fakeCall('fail', { path: REQUEST_TO_PAY, method: 'POST', mode: 'hang' });
    const started = await gateway().start(paymentRequest());
    expect(started.status).toBe('PENDING_PAYMENT');
    const s = await state();
    const sent = s.requests.filter((call) => call.method === 'POST' && call.path === REQUEST_TO_PAY);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['x-reference-id']).toBe(sent[0]!.headers['x-reference-id']);
    expect(s.payments).toHaveLength(1);
  });

  it('gives up after a second try without an answer, saying the request may have been sent', async () => {
    await fakeCall('fail', { path: REQUEST_TO_PAY, method: 'POST', mode: 'hang', times: 2 });
    const request = paymentRequest();
    const began = Date.now();
    const error = await gatewayError(gateway().start(request));
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ problem: 'no answer in time', maybe_sent: true, gateway_reference: mtnReferenceFor(request.merchantReference) });
  });

  it('reports a status call that gets no answer in time', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    await fakeCall('fail', { path: `${REQUEST_TO_PAY}/*`, method: 'GET', mode: 'hang' });
    const error = await gatewayError(momo.check(started.gatewayReference));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ problem: 'no answer in time' });
  });

  it('sends again after an HTTP 500, and reports a second one', async () => {
    await fakeCall('fail', { path: REQUEST_TO_PAY, method: 'POST', mode: 'http500' });
    await expect(gateway().start(paymentRequest())).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });

    await fakeCall('fail', { path: REQUEST_TO_PAY, method: 'POST', mode: 'http500', times: 2 });
    const error = await gatewayError(gateway().start(paymentRequest()));
    expect(error.details).toMatchObject({ http_status: 500, maybe_sent: true });
    expect((await state()).payments).toHaveLength(1);
  });

  it('reports an HTTP 500 on the status call and on the token', async () => {
    const momo = gateway();
    const started = await momo.start(paymentRequest());
    await fakeCall('fail', { path: `${REQUEST_TO_PAY}/*`, mode: 'http500' });
    expect((await gatewayError(momo.check(started.gatewayReference))).details).toMatchObject({ http_status: 500 });

    await fakeCall('fail', { path: 'collection/token/', mode: 'http500' });
    const error = await gatewayError(gateway().start(paymentRequest()));
    expect(error.details).toMatchObject({ endpoint: 'collection/token/', http_status: 500 });
  });

  it('reports an unreachable network in plain words', async () => {
    const error = await gatewayError(gateway({ MTN_MOMO_BASE_URL: `http://127.0.0.1:${await freePort()}` }).start(paymentRequest()));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ problem: 'not reachable', endpoint: 'collection/token/' });
  });
});

describe('the fake MTN MoMo checks what MTN checks', () => {
  async function token(): Promise<string> {
    const response = await fetch(`${fake.baseUrl}/collection/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${fake.env.MTN_MOMO_API_USER}:${fake.env.MTN_MOMO_API_KEY}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': fake.env.MTN_MOMO_SUBSCRIPTION_KEY!,
      },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function requestToPay(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await fetch(`${fake.baseUrl}/${REQUEST_TO_PAY}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await token()}`,
        'Ocp-Apim-Subscription-Key': fake.env.MTN_MOMO_SUBSCRIPTION_KEY!,
        'X-Target-Environment': 'mtnuganda',
        'X-Reference-Id': crypto.randomUUID(),
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  }

  const good = {
    amount: '1000',
    currency: 'UGX',
    externalId: 'DK-1',
    payer: { partyIdType: 'MSISDN', partyId: '256772123456' },
    payerMessage: 'm',
    payeeNote: 'n',
  };

  it('accepts a good request with 202 and an empty body', async () => {
    expect(await requestToPay(good)).toEqual({ status: 202, body: '' });
  });

  it.each([
    ['an X-Reference-Id that is not version 4', good, { 'X-Reference-Id': '6ba7b810-9dad-11d1-80b4-00c04fd430c8' }, 'X-Reference-Id'],
    ['the amount as a number', { ...good, amount: 1000 }, {}, 'amount'],
    ['UGX where the environment takes EUR', { ...good, currency: 'EUR' }, {}, 'INVALID_CURRENCY'],
    ['a payer message over 160 characters', { ...good, payerMessage: 'm'.repeat(161) }, {}, '160'],
  ])('refuses %s with 400', async (_case, body, headers, words) => {
    const answer = await requestToPay(body, headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(words);
  });

  it('fails a number MTN does not know with PAYER_NOT_FOUND, as MTN does with one missing its country code', async () => {
    const reference = crypto.randomUUID();
    expect((await requestToPay({ ...good, payer: { partyIdType: 'MSISDN', partyId: '0772123456' } }, { 'X-Reference-Id': reference })).status).toBe(202);
    const checked = await gateway().check(reference);
    expect(checked.details).toMatchObject({ reason: 'PAYER_NOT_FOUND', error: 'This number is not registered for MTN Mobile Money.' });
  });
});
