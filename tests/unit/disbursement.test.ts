import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { startFakeAirtelMoneyDisbursement } from '~/server/fakes/fake-airtel-money-disbursement';
import { startFakeMtnMomoDisbursement } from '~/server/fakes/fake-mtn-momo-disbursement';
import type { FakeServer } from '~/server/fakes/fake-server';
import type { FakeTransfersState } from '~/server/fakes/fake-transfers';
import { airtelReferenceText, createAirtelMoneyDisbursement } from '~/server/payments/gateways/airtel-money-disbursement';
import { disbursementFor, type Disbursement, type DisbursementRequest } from '~/server/payments/disbursement';
import type { RecordedCall } from '~/server/fakes/fake-network';
import { createMtnMomoDisbursement } from '~/server/payments/gateways/mtn-momo-disbursement';
import { freePort } from '../support/free-port';
import { callsTo, fakeSwitches, gatewayError } from '../support/mobile-money-kit';

type State = FakeTransfersState & { requests: RecordedCall[] };

const networks = [
  {
    name: 'mtn_momo' as const,
    start: async () => startFakeMtnMomoDisbursement({ port: await freePort() }),
    create: (env: Record<string, string>) => createMtnMomoDisbursement(loadConfig({ ...env, MTN_MOMO_TIMEOUT_MS: '300' })),
    /** A vendor's MTN number ending in `ending` (two digits). */
    phone: (ending: string) => `+2567721234${ending}`,
    /** The number as the network's API names it. */
    payee: (phone: string) => phone.slice(1),
    transferPath: 'disbursement/v1_0/transfer',
    declineReason: 'PAYEE_NOT_ALLOWED_TO_RECEIVE',
    otherNetworkPhone: '+256701234567',
  },
  {
    name: 'airtel_money' as const,
    start: async () => startFakeAirtelMoneyDisbursement({ port: await freePort() }),
    create: (env: Record<string, string>) => createAirtelMoneyDisbursement(loadConfig({ ...env, AIRTEL_TIMEOUT_MS: '300' })),
    phone: (ending: string) => `+2567501234${ending}`,
    payee: (phone: string) => phone.slice(4),
    transferPath: 'standard/v1/disbursements/',
    declineReason: 'DP00900001012',
    otherNetworkPhone: '+256772123456',
  },
];

describe.each(networks)('$name disbursement against its fake', (network) => {
  let fake: FakeServer & { env: Record<string, string> };
  let client: Disbursement;
  const { call: fakeCall, state } = fakeSwitches<State>(() => fake.baseUrl);
  const transfer = (ending: string, overrides: Partial<DisbursementRequest> = {}): DisbursementRequest => ({
    reference: randomUUID(),
    amount: 45_000,
    phone: network.phone(ending),
    note: 'Duuka payout 12',
    ...overrides,
  });
  const transfersOf = async (reference: string) => (await state()).transfers.filter((entry) => entry.reference === reference);

  beforeAll(async () => {
    fake = await network.start();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  beforeEach(async () => {
    await fakeCall('reset', {});
    client = network.create(fake.env)!;
  });

  it('is set up only when all its keys are, and is then the client for its method', () => {
    expect(client.network).toBe(network.name);
    for (const left of Object.keys(fake.env).filter((name) => !name.endsWith('_BASE_URL') && !name.endsWith('_TARGET_ENV'))) {
      expect(network.create({ ...fake.env, [left]: ' ' }), left).toBeNull();
    }
    expect(disbursementFor('bank')).toBeNull();
  });

  it('pays a vendor: the money reaches the wallet once, and the network names its transaction', async () => {
    const request = transfer('45');
    const sent = await client.send(request);
    expect(['PENDING', 'SUCCESSFUL']).toContain(sent.state);
    const settled = await client.status(request.reference);
    expect(settled.state).toBe('SUCCESSFUL');
    expect(settled.transactionId).toMatch(/\S{6,}/);
    const made = await transfersOf(request.reference);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ msisdn: network.payee(request.phone), amount: 45_000, state: 'SUCCESSFUL' });
  });

  it('reports a transfer the network declines as FAILED with its reason', async () => {
    const request = transfer('13');
    await client.send(request);
    expect(await client.status(request.reference)).toEqual({ state: 'FAILED', reason: network.declineReason });
  });

  it('reports a pending transfer as PENDING until the network settles it', async () => {
    const request = transfer('98');
    expect((await client.send(request)).state).toBe('PENDING');
    expect((await client.status(request.reference)).state).toBe('PENDING');
    await fakeCall('decide', { reference: request.reference, outcome: 'success' });
    expect((await client.status(request.reference)).state).toBe('SUCCESSFUL');
  });

  it('reports PENDING for as many status calls as the network takes, then SUCCESSFUL', async () => {
    await fakeCall('next', { outcome: 'success', afterStatusCalls: 3 });
    const request = transfer('45');
    await client.send(request);
    const states = [];
    for (let i = 0; i < 4; i++) states.push((await client.status(request.reference)).state);
    expect(states).toEqual(['PENDING', 'PENDING', 'PENDING', 'SUCCESSFUL']);
  });

  it('sends a reference the network already has no second time: the answer is the first transfer’s status', async () => {
    const request = transfer('45');
    await client.send(request);
    const again = await client.send({ ...request, amount: 90_000 });
    expect(again.state).toBe('SUCCESSFUL');
    expect(await transfersOf(request.reference)).toHaveLength(1);
    const received = (await state()).received.filter((entry) => entry.reference === request.reference);
    expect(received.map((entry) => entry.answer)).toEqual([network.name === 'mtn_momo' ? 202 : 200, network.name === 'mtn_momo' ? 409 : 400]);
  });

  it('answers UNKNOWN for a reference the network never received', async () => {
    expect(await client.status(randomUUID())).toEqual({ state: 'UNKNOWN' });
  });

  it('throws when the network does not answer, and the transfer it made is learned by asking later, paid once', async () => {
    const request = transfer('97');
    const error = await gatewayError(client.send(request));
    expect(error.details, JSON.stringify(error.details)).toMatchObject({ unanswered: true, maybe_sent: true, gateway_reference: request.reference });
    expect(await client.status(request.reference)).toMatchObject({ state: 'SUCCESSFUL' });
    expect(await transfersOf(request.reference)).toHaveLength(1);
  });

  it('throws when a status call is not answered in time', async () => {
    await fakeCall('fail', { path: `${network.transferPath}*`, method: 'GET', mode: 'hang' });
    await gatewayError(client.status(randomUUID()));
  });

  it('sends once more after an HTTP 500, and the vendor is still paid once', async () => {
    await fakeCall('fail', { path: network.transferPath, method: 'POST', mode: 'http500' });
    const request = transfer('45');
    await client.send(request);
    expect((await client.status(request.reference)).state).toBe('SUCCESSFUL');
    expect(await transfersOf(request.reference)).toHaveLength(1);
    expect(callsTo(await state(), 'POST', network.transferPath)).toBe(2);
  });

  it('reuses its token across calls, and asks for a new one once when the network stops taking it', async () => {
    for (const ending of ['45', '46']) {
      const request = transfer(ending);
      await client.send(request);
      await client.status(request.reference);
    }
    expect((await state()).tokensIssued).toBe(1);
    await fakeCall('expire-tokens', {});
    expect((await client.status(randomUUID())).state).toBe('UNKNOWN');
    expect((await state()).tokensIssued).toBe(2);
  });

  it('sends nothing to a number on another network or an amount that is not whole shillings', async () => {
    expect((await client.send(transfer('45', { phone: network.otherNetworkPhone }))).state).toBe('FAILED');
    expect((await client.send(transfer('45', { amount: 100.5 }))).state).toBe('FAILED');
    expect((await state()).received).toHaveLength(0);
  });
});

describe('MTN MoMo Disbursement protocol', () => {
  let fake: Awaited<ReturnType<typeof startFakeMtnMomoDisbursement>>;
  beforeAll(async () => {
    fake = await startFakeMtnMomoDisbursement({ port: await freePort() });
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it('sends the transfer as MTN wants it: our reference as X-Reference-Id, the amount as a text, the payee as an MSISDN', async () => {
    const reference = randomUUID();
    await createMtnMomoDisbursement(loadConfig(fake.env))!.send({ reference, amount: 12_000, phone: '0772 123 456', note: 'Duuka payout 3' });
    const { requests } = await fakeSwitches<State>(() => fake.baseUrl).state();
    const sent = requests.find((entry) => entry.method === 'POST' && entry.path === 'disbursement/v1_0/transfer')!;
    expect(sent.headers['x-reference-id']).toBe(reference);
    expect(sent.headers['x-target-environment']).toBe('mtnuganda');
    expect(sent.headers['ocp-apim-subscription-key']).toBe(fake.env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY);
    expect(sent.body).toEqual({
      amount: '12000',
      currency: 'UGX',
      externalId: reference,
      payee: { partyIdType: 'MSISDN', partyId: '256772123456' },
      payerMessage: 'Duuka payout 3',
      payeeNote: 'Duuka payout 3',
    });
  });

  it('is refused by MTN with the Collection product’s subscription key', async () => {
    const client = createMtnMomoDisbursement(loadConfig({ ...fake.env, MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'fake-subscription-key' }))!;
    const error = await gatewayError(client.status(randomUUID()));
    expect(error.details.http_status).toBe(401);
  });
});

describe('Airtel Money disbursement protocol', () => {
  let fake: Awaited<ReturnType<typeof startFakeAirtelMoneyDisbursement>>;
  beforeAll(async () => {
    fake = await startFakeAirtelMoneyDisbursement({ port: await freePort(), pin: '4321' });
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it('sends the PIN encrypted with Airtel’s public key, the payee without the country code, a B2C transaction', async () => {
    const reference = randomUUID();
    const sent = await createAirtelMoneyDisbursement(loadConfig(fake.env))!.send({
      reference,
      amount: 12_000,
      phone: '0750 123 456',
      note: 'Duuka payout #3!',
    });
    expect(sent.state).toBe('SUCCESSFUL');
    const { requests } = await fakeSwitches<State>(() => fake.baseUrl).state();
    const body = requests.find((entry) => entry.method === 'POST' && entry.path === 'standard/v1/disbursements/')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ payee: { msisdn: '750123456' }, reference: 'Duuka payout 3', transaction: { amount: 12_000, id: reference, type: 'B2C' } });
    expect(body.pin).not.toContain('4321');
    expect(Buffer.from(body.pin as string, 'base64')).toHaveLength(256);
  });

  it('is refused with a wrong PIN, and sends nothing more', async () => {
    const client = createAirtelMoneyDisbursement(loadConfig({ ...fake.env, AIRTEL_DISBURSEMENT_PIN: '0000' }))!;
    expect(await client.send({ reference: randomUUID(), amount: 12_000, phone: '0750123456', note: 'Duuka payout' })).toEqual({
      state: 'FAILED',
      reason: 'DP00900001004',
    });
  });

  it('falls back to the collection app’s client id and secret', () => {
    const { AIRTEL_DISBURSEMENT_CLIENT_ID, AIRTEL_DISBURSEMENT_CLIENT_SECRET, ...rest } = fake.env;
    expect(createAirtelMoneyDisbursement(loadConfig(rest))).toBeNull();
    expect(
      createAirtelMoneyDisbursement(
        loadConfig({ ...rest, AIRTEL_CLIENT_ID: AIRTEL_DISBURSEMENT_CLIENT_ID!, AIRTEL_CLIENT_SECRET: AIRTEL_DISBURSEMENT_CLIENT_SECRET! }),
      ),
    ).not.toBeNull();
  });

  it('keeps the reference Airtel shows the vendor to letters, digits and spaces, 4 to 64 of them', () => {
    expect(airtelReferenceText('Payout #12 — Duuka')).toBe('Payout 12 Duuka');
    expect(airtelReferenceText('#1')).toBe('Duuka payout');
    expect(airtelReferenceText('x'.repeat(80))).toHaveLength(64);
  });
});

describe('PAYMENT_FAKES=1', () => {
  it('sends payouts of a network whose disbursement keys are not set to its fake, and leaves a configured one alone', async () => {
    const { startDemoPaymentFakes } = await import('~/server/fakes/demo-fakes');
    const configuredMtn = { MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 's', MTN_MOMO_DISBURSEMENT_API_USER: 'u', MTN_MOMO_DISBURSEMENT_API_KEY: 'k' };
    const demo = await startDemoPaymentFakes('http://127.0.0.1:9', loadConfig(configuredMtn));
    try {
      expect(demo.faked).toContain('Airtel Money payouts');
      expect(demo.faked).not.toContain('MTN MoMo payouts');
      expect(demo.env.MTN_MOMO_DISBURSEMENT_BASE_URL).toBeUndefined();
      const reference = randomUUID();
      const airtel = createAirtelMoneyDisbursement(loadConfig({ ...configuredMtn, ...demo.env }))!;
      expect((await airtel.send({ reference, amount: 20_000, phone: '0750123456', note: 'Duuka payout' })).state).toBe('SUCCESSFUL');
      expect((await airtel.send({ reference: randomUUID(), amount: 20_000, phone: '0750123413', note: 'Duuka payout' })).state).toBe('FAILED');
    } finally {
      await demo.stop();
    }
  });
});
