import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '~/lib/messages/message';
import { loadConfig } from '~/server/config';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { startFakeAirtelMoney, type FakeAirtelMoney, type FakeAirtelMoneyState } from '~/server/fakes/fake-airtel-money';
import { PaymentStillOpen, type PaymentGateway, type PaymentRequest } from '~/server/payments/gateway';
import { createAirtelMoneyGateway, readAirtelMoneyCallback } from '~/server/payments/gateways/airtel-money';
import { freePort } from '../support/free-port';
import { callsTo, fakeSwitches, gatewayError, startCallbackRecorder, switchFake, until, type ReceivedCallback } from '../support/mobile-money-kit';

const PAYMENT = 'merchant/v1/payments/';
const ENQUIRY = 'standard/v1/payments/';
const REFUND = 'standard/v2/payments/refund';
const NETWORK_PROBLEM = MOBILE_MONEY_MESSAGES.networkProblem('airtel_money');

let fake: FakeAirtelMoney;
let store: Awaited<ReturnType<typeof startCallbackRecorder>>;
let storeUrl: string;
let received: ReceivedCallback[] = [];
let attempt = 0;

const { call: fakeCall, state } = fakeSwitches<FakeAirtelMoneyState>(() => fake.baseUrl);

const gateway = (env: Record<string, string> = {}) => createAirtelMoneyGateway(loadConfig({ ...fake.env, AIRTEL_TIMEOUT_MS: '1000', ...env }));

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  attempt += 1;
  return {
    orderId: 9,
    merchantReference: `DK-9-${attempt}-${Date.now().toString(36)}`,
    amount: 18000,
    description: 'Order 9 at Duuka',
    customer: { firstName: 'Okello', lastName: 'Peter', email: 'okello@example.ug', phone: '0752123456' },
    payerPhone: '256752123456',
    lines: [{ name: 'Kitenge shirt', unitPrice: 18000, quantity: 1 }],
    callbackUrl: `${storeUrl}/payment/callback/9`,
    cancelUrl: `${storeUrl}/payment/9`,
    notificationUrl: `${storeUrl}/api/payments/airtel-money/callback`,
    ...overrides,
  };
}

const settled = (airtel: PaymentGateway, id: string) =>
  until(
    () => airtel.check(id),
    (c) => c.status !== 'PENDING_PAYMENT',
  );

/** A payment started and paid, with the details the store keeps for it (start's, then the enquiry's). */
async function paidPayment(airtel: PaymentGateway) {
  const started = await airtel.start(paymentRequest());
  const checked = await settled(airtel, started.gatewayReference);
  expect(checked.status).toBe('COMPLETED');
  return { gatewayReference: started.gatewayReference, details: { ...started.details, ...checked.details } };
}

beforeAll(async () => {
  store = await startCallbackRecorder('{"ok":true}');
  storeUrl = store.url;
  received = store.received;
  fake = await startFakeAirtelMoney({ port: await freePort(), approveAfterMs: 150, callbackUrl: `${storeUrl}/api/payments/airtel-money/callback` });
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

describe('Airtel Money configuration', () => {
  it('is configured only with the client id and secret', () => {
    expect(createAirtelMoneyGateway(loadConfig({ AIRTEL_CLIENT_ID: 'i', AIRTEL_CLIENT_SECRET: 's' })).isConfigured()).toBe(true);
    expect(createAirtelMoneyGateway(loadConfig({ AIRTEL_CLIENT_ID: 'i' })).isConfigured()).toBe(false);
    expect(createAirtelMoneyGateway(loadConfig({ AIRTEL_CLIENT_SECRET: 's' })).isConfigured()).toBe(false);
    expect(createAirtelMoneyGateway(loadConfig({})).isConfigured()).toBe(false);
    expect(createAirtelMoneyGateway(loadConfig({})).name).toBe('airtel_money');
  });

  it('refuses to start without its keys, asking nothing of Airtel', async () => {
    const error = await gatewayError(createAirtelMoneyGateway(loadConfig({ AIRTEL_BASE_URL: fake.baseUrl })).start(paymentRequest()));
    expect(error.message).toBe('Airtel Money is not set up for this store.');
    expect((await state()).requests).toHaveLength(0);
  });
});

describe('Airtel Money collection', () => {
  it('sends the nine digits without 256, UG and UGX, and our merchant reference as the transaction id', async () => {
    const request = paymentRequest();
    const started = await gateway().start(request);
    expect(started).toEqual({
      status: 'PENDING_PAYMENT',
      gatewayReference: request.merchantReference,
      redirectUrl: '',
      details: { airtel_transaction_id: request.merchantReference, amount_asked_ugx: 18000, response_code: 'DP00800001006', already_sent: false },
    });
    const sent = (await state()).requests.find((call) => call.method === 'POST' && call.path === PAYMENT)!;
    expect(sent.headers).toMatchObject({ 'x-country': 'UG', 'x-currency': 'UGX', 'content-type': 'application/json', accept: '*/*' });
    expect(sent.headers.authorization).toMatch(/^Bearer .+/);
    expect(sent.body).toEqual({
      reference: 'Order 9 at Duuka',
      subscriber: { country: 'UG', currency: 'UGX', msisdn: '752123456' },
      transaction: { amount: 18000, country: 'UG', currency: 'UGX', id: request.merchantReference },
    });
  });

  it('refuses a number that is not Airtel’s before asking Airtel', async () => {
    const error = await gatewayError(gateway().start(paymentRequest({ payerPhone: '256772123456' })));
    expect(error.message).toBe('That is not an Airtel number: Airtel Money numbers start with 070, 074 or 075');
    expect((await state()).requests).toHaveLength(0);
  });

  it('treats the same merchant reference sent twice as one payment: Airtel refuses the id and the phone is asked once', async () => {
    const request = paymentRequest();
    await gateway().start(request);
    const again = await gateway().start(request);
    expect(again).toMatchObject({ status: 'PENDING_PAYMENT', gatewayReference: request.merchantReference, details: { already_sent: true } });
    const s = await state();
    expect(callsTo(s, 'POST', PAYMENT)).toBe(2);
    expect(s.payments).toHaveLength(1);
  });
});

describe('Airtel Money enquiry', () => {
  it('is in progress (TIP), then paid (TS) with Airtel’s id, and one callback is posted to the registered URL', async () => {
    const airtel = gateway();
    const request = paymentRequest();
    const started = await airtel.start(request);
    expect(await airtel.check(started.gatewayReference)).toEqual({
      status: 'PENDING_PAYMENT',
      details: expect.objectContaining({ network_status: 'TIP', reason: '', final: false, error: '', airtel_money_id: '' }),
    });

    const paid = await settled(airtel, started.gatewayReference);
    expect(paid.status).toBe('COMPLETED');
    expect(paid.details).toMatchObject({ network_status: 'TS', reason: '', final: true, error: '' });
    expect(paid.details.airtel_money_id).toMatch(/^MP\d{6}\.\d{4}\.[A-Z]\d{5}$/);
    expect(paid.details.financial_transaction_id).toBe(paid.details.airtel_money_id);

    await until(
      () => received,
      (r) => r.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/payments/airtel-money/callback' });
    expect(readAirtelMoneyCallback(received[0]!.body)).toEqual({
      transactionId: request.merchantReference,
      statusCode: 'TS',
      airtelMoneyId: paid.details.airtel_money_id,
    });
    expect(readAirtelMoneyCallback({ transaction: { status_code: 'TS' } })).toBeNull();

    // A duplicate on request: the same body again.
    const resent = await fakeCall('callback', { id: request.merchantReference });
    expect(resent.reply).toEqual({ status: 200, body: '{"ok":true}' });
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(received[0]!.body);
  });

  it('is still known after a lost callback', async () => {
    await fakeCall('next', { outcome: 'success', delayMs: 0, lostCallback: true });
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    expect((await settled(airtel, started.gatewayReference)).status).toBe('COMPLETED');
    expect((await state()).callbacks).toHaveLength(0);
    expect(received).toHaveLength(0);
  });

  it('keeps a plan queued for one number for that number’s payment, whatever is paid before it', async () => {
    await fakeCall('next', { outcome: 'pending', payer: '0752 765 432' });
    const airtel = gateway();
    const other = await airtel.start(paymentRequest());
    const planned = await airtel.start(paymentRequest({ payerPhone: '256752765432' }));
    expect((await settled(airtel, other.gatewayReference)).status).toBe('COMPLETED');
    expect((await airtel.check(planned.gatewayReference)).details).toMatchObject({ network_status: 'TIP', final: false });
  });

  it('asks again while Airtel calls the payment ambiguous (TA)', async () => {
    await fakeCall('next', { outcome: 'ambiguous' });
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    expect((await airtel.check(started.gatewayReference)).details).toMatchObject({ network_status: 'TA', final: false });
    await fakeCall('decide', { id: started.gatewayReference, outcome: 'success' });
    expect((await airtel.check(started.gatewayReference)).status).toBe('COMPLETED');
  });

  it('refuses numbers ending in 13, as the demo promises', async () => {
    const airtel = gateway();
    const started = await airtel.start(paymentRequest({ payerPhone: '256752123413' }));
    const failed = await settled(airtel, started.gatewayReference);
    expect(failed).toEqual({
      status: 'FAILED',
      details: expect.objectContaining({ network_status: 'TF', reason: 'DP00800001008', final: true, error: MOBILE_MONEY_MESSAGES.declined }),
    });
  });

  it.each([
    ['DP00800001002', MOBILE_MONEY_MESSAGES.wrongPin],
    ['DP00800001003', MOBILE_MONEY_MESSAGES.limitReached],
    ['DP00800001005', MOBILE_MONEY_MESSAGES.notApproved],
    ['DP00800001007', MOBILE_MONEY_MESSAGES.notEnoughMoney],
    ['DP00800001008', MOBILE_MONEY_MESSAGES.declined],
    ['DP00800001010', 'This number is not registered for Airtel Money.'],
    ['DP00800001024', MOBILE_MONEY_MESSAGES.notApproved],
    ['DP00800001009', NETWORK_PROBLEM],
  ])('tells the buyer why in plain words when Airtel fails it with %s', async (code, words) => {
    await fakeCall('next', { outcome: 'pending' });
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    await fakeCall('decide', { id: started.gatewayReference, outcome: 'fail', code });
    const checked = await airtel.check(started.gatewayReference);
    expect(checked).toEqual({ status: 'FAILED', details: expect.objectContaining({ network_status: 'TF', reason: code, final: true, error: words }) });
  });

  it('fails an expired payment (TE), one nobody approved in time', async () => {
    const short = await startFakeAirtelMoney({ expireAfterMs: 100 });
    try {
      await switchFake(short.baseUrl, 'next', { outcome: 'pending' });
      const airtel = createAirtelMoneyGateway(loadConfig({ ...short.env }));
      const started = await airtel.start(paymentRequest());
      const expired = await settled(airtel, started.gatewayReference);
      expect(expired).toEqual({
        status: 'FAILED',
        details: expect.objectContaining({ network_status: 'TE', reason: 'DP00800001029', final: true, error: MOBILE_MONEY_MESSAGES.notApproved }),
      });
    } finally {
      await short.stop();
    }
  });

  it('fails, for good, an id Airtel never had (the payment never reached it)', async () => {
    expect(await gateway().check('DK-never-sent')).toEqual({
      status: 'FAILED',
      details: {
        network_status: 'NOT_FOUND',
        reason: 'DP00800001025',
        final: true,
        error: NETWORK_PROBLEM,
        error_message: message('mobileMoney', 'networkProblem', 'airtel_money'),
      },
    });
  });
});

describe('closing an Airtel Money payment', () => {
  it('cannot withdraw one still waiting on the phone: a new attempt must wait', async () => {
    await fakeCall('next', { outcome: 'pending' });
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    const error = await gatewayError(airtel.cancel!(started.gatewayReference));
    expect(error).toBeInstanceOf(PaymentStillOpen);
    expect(error.message).toBe(MOBILE_MONEY_MESSAGES.stillOpen);
  });

  it('says paid when it was approved, and cancelled when it failed', async () => {
    await fakeCall('next', { outcome: 'pending', times: 2 });
    const airtel = gateway();
    const paid = await airtel.start(paymentRequest());
    const refused = await airtel.start(paymentRequest());
    await fakeCall('decide', { id: paid.gatewayReference, outcome: 'success' });
    await fakeCall('decide', { id: refused.gatewayReference, outcome: 'fail' });
    expect(await airtel.cancel!(paid.gatewayReference)).toBe('paid');
    expect(await airtel.cancel!(refused.gatewayReference)).toBe('cancelled');
  });
});

describe('Airtel Money refunds', () => {
  it('pays a payment back in full by its Airtel Money id', async () => {
    const airtel = gateway();
    const payment = await paidPayment(airtel);
    const made = await airtel.refund!(payment, { id: 1, amount: 18000, reason: 'overpayment' });
    const s = await state();
    expect(s.refunds).toEqual([
      { airtel_money_id: payment.details.airtel_money_id, refund_id: made.reference, transaction_id: payment.gatewayReference, amount: 18000 },
    ]);
    const sent = s.requests.find((call) => call.path === REFUND)!;
    expect(sent.body).toEqual({ transaction: { airtel_money_id: payment.details.airtel_money_id } });
    expect(sent.headers).toMatchObject({ 'x-country': 'UG', 'x-currency': 'UGX' });
  });

  it('leaves a part refund for an administrator, asking nothing of Airtel', async () => {
    const airtel = gateway();
    const payment = await paidPayment(airtel);
    const error = await gatewayError(airtel.refund!(payment, { id: 2, amount: 5000, reason: 'cancelled' }));
    expect(error.message).toBe(MOBILE_MONEY_MESSAGES.wholeRefundsOnly('airtel_money'));
    expect(callsTo(await state(), 'POST', REFUND)).toBe(0);
  });

  it('leaves a refund Airtel refuses (a second one) or cannot place (no Airtel id) for an administrator', async () => {
    const airtel = gateway();
    const payment = await paidPayment(airtel);
    await airtel.refund!(payment, { id: 3, amount: 18000, reason: 'cancelled' });
    const again = await gatewayError(airtel.refund!(payment, { id: 4, amount: 18000, reason: 'cancelled' }));
    expect(again.message).toBe(MOBILE_MONEY_MESSAGES.refundRefused('airtel_money'));
    expect(again.details).toMatchObject({ http_status: 400, code: 'ESB000011' });

    const unknown = await gatewayError(
      airtel.refund!({ gatewayReference: 'DK-x', details: { amount_asked_ugx: 100 } }, { id: 5, amount: 100, reason: 'cancelled' }),
    );
    expect(unknown.message).toBe(MOBILE_MONEY_MESSAGES.refundWithoutId('airtel_money'));
    expect((await state()).refunds).toHaveLength(1);
  });
});

describe('Airtel Money access token', () => {
  it('is asked for once with the client credentials, then reused', async () => {
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    await airtel.start(paymentRequest());
    await airtel.check(started.gatewayReference);
    const s = await state();
    expect(s.tokensIssued).toBe(1);
    expect(s.requests.find((call) => call.path === 'auth/oauth2/token')!.body).toEqual({
      client_id: fake.env.AIRTEL_CLIENT_ID,
      client_secret: fake.env.AIRTEL_CLIENT_SECRET,
      grant_type: 'client_credentials',
    });
  });

  it('is asked for again when Airtel answers 401, and the call is made again', async () => {
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    await fakeCall('expire-tokens', {});
    await expect(airtel.check(started.gatewayReference)).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });
    const s = await state();
    expect(s.tokensIssued).toBe(2);
    expect(callsTo(s, 'GET', ENQUIRY)).toBe(2);
  });

  it('is renewed 30 seconds before the 180 seconds Airtel gives it run out', async () => {
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    const now = Date.now();
    vi.setSystemTime(now + 149_000);
    await airtel.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(1);
    vi.setSystemTime(now + 151_000);
    await airtel.check(started.gatewayReference);
    expect((await state()).tokensIssued).toBe(2);
  });

  it('reports refused credentials without sending the payment', async () => {
    const error = await gatewayError(gateway({ AIRTEL_CLIENT_SECRET: 'wrong' }).start(paymentRequest()));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ endpoint: 'auth/oauth2/token', http_status: 401, code: 'invalid_client', maybe_sent: false });
    expect((await state()).payments).toHaveLength(0);
  });
});

describe('Airtel Money out of reach', () => {
  it('sends the payment again, with the same id, when the first try got no answer', async () => {
    await fakeCall('fail', { path: PAYMENT, method: 'POST', mode: 'hang' });
    await expect(gateway().start(paymentRequest())).resolves.toMatchObject({ status: 'PENDING_PAYMENT' });
    const s = await state();
    expect(callsTo(s, 'POST', PAYMENT)).toBe(2);
    expect(s.payments).toHaveLength(1);
  });

  it('gives up after a second try without an answer, saying the payment may have been sent', async () => {
    await fakeCall('fail', { path: PAYMENT, method: 'POST', mode: 'hang', times: 2 });
    const request = paymentRequest();
    const error = await gatewayError(gateway().start(request));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ problem: 'no answer in time', maybe_sent: true, gateway_reference: request.merchantReference });
  });

  it('reports an enquiry that gets no answer in time, and an HTTP 500', async () => {
    const airtel = gateway();
    const started = await airtel.start(paymentRequest());
    await fakeCall('fail', { path: `${ENQUIRY}*`, mode: 'hang' });
    expect((await gatewayError(airtel.check(started.gatewayReference))).details).toMatchObject({ problem: 'no answer in time' });
    await fakeCall('fail', { path: `${ENQUIRY}*`, mode: 'http500' });
    expect((await gatewayError(airtel.check(started.gatewayReference))).details).toMatchObject({ http_status: 500 });
  });

  it('sends again after an HTTP 500, and reports a second one', async () => {
    await fakeCall('fail', { path: PAYMENT, mode: 'http500', times: 2 });
    const error = await gatewayError(gateway().start(paymentRequest()));
    expect(error.details).toMatchObject({ http_status: 500, maybe_sent: true });
    expect(callsTo(await state(), 'POST', PAYMENT)).toBe(2);
  });

  it('reports an unreachable network in plain words', async () => {
    const error = await gatewayError(gateway({ AIRTEL_BASE_URL: `http://127.0.0.1:${await freePort()}` }).start(paymentRequest()));
    expect(error.message).toBe(NETWORK_PROBLEM);
    expect(error.details).toMatchObject({ problem: 'not reachable' });
  });
});

describe('the fake Airtel Money checks what Airtel checks', () => {
  async function pay(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const token = (await (
      await fetch(`${fake.baseUrl}/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: fake.env.AIRTEL_CLIENT_ID, client_secret: fake.env.AIRTEL_CLIENT_SECRET, grant_type: 'client_credentials' }),
      })
    ).json()) as { access_token: string };
    const response = await fetch(`${fake.baseUrl}/${PAYMENT}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json', 'X-Country': 'UG', 'X-Currency': 'UGX', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { status: { result_code: string; success: boolean } } };
  }

  const good = (msisdn = '752123456', id = `DK-${Math.random()}`) => ({
    reference: 'Order',
    subscriber: { country: 'UG', currency: 'UGX', msisdn },
    transaction: { amount: 1000, country: 'UG', currency: 'UGX', id },
  });

  it('accepts a good payment', async () => {
    expect((await pay(good())).body.status).toMatchObject({ result_code: 'ESB000010', success: true });
  });

  it.each([
    ['the msisdn with the country code', good('256752123456'), {}, 'ESB000033'],
    ['the msisdn with a leading 0', good('0752123456'), {}, 'ESB000033'],
    ['another country in the header', good(), { 'X-Country': 'KE' }, 'ROUTER006'],
    ['another currency in the header', good(), { 'X-Currency': 'KES' }, 'ROUTER112'],
    ['the amount as text', { ...good(), transaction: { ...good().transaction, amount: '1000' } }, {}, 'ESB000008'],
  ])('refuses %s', async (_case, body, headers, code) => {
    const answer = await pay(body, headers);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toMatchObject({ result_code: code, success: false });
  });

  it('fails a number not registered on Airtel Money at once', async () => {
    const id = `DK-${Math.random()}`;
    await pay(good('712345678', id));
    expect((await gateway().check(id)).details).toMatchObject({ reason: 'DP00800001010', error: 'This number is not registered for Airtel Money.' });
  });
});
