import { writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startStore } from '../support/server';
import { resetPostgres } from '../support/postgres';
import { freePort } from '../support/free-port';
import { startPaymentFakes } from '../support/payment-fakes';
import { startFakeAfricasTalking } from '../support/fake-africastalking';

/** The test store's administrator (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@store.test', password: 'Admin-Kampala-2026' };

/** How long the test store waits for a mobile money approval (the tests of a late approval wait it out). */
export const MOBILE_MONEY_APPROVAL_SECONDS = 12;

/**
 * How long after delivery the test store takes returns (RETURN_WINDOW_SECONDS): the spec's 7 days shortened so
 * the tests of a window that has passed wait it out.
 */
export const RETURN_WINDOW_SECONDS = 20;

/** The bearer token that reads the test store's Prometheus metrics at /metrics (METRICS_TOKEN). */
export const METRICS_TOKEN = 'test-metrics-token-2026';

/** The secret in the address of the test store's USSD callback (USSD_CALLBACK_TOKEN). */
export const USSD_CALLBACK_TOKEN = 'test-ussd-token-2026';

/** The other origin whose web pages may call the test store's API (CORS_ORIGINS). */
export const PARTNER_ORIGIN = 'https://shop.partner.test';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The store's process id, to read its memory from /proc/<pid>/status. */
    storePid: number;
    databaseDriver: string;
    outboxDir: string;
    pesapalUrl: string;
    stripeUrl: string;
    mtnMomoUrl: string;
    airtelUrl: string;
    /** The fake disbursement APIs vendors' payouts go to (their /__fake/state counts the transfers). */
    mtnMomoDisbursementUrl: string;
    airtelDisbursementUrl: string;
    /** The environment pointing a store at those fakes: another store on the same database talks to the same networks. */
    paymentFakesEnv: Record<string, string>;
    /** The fake Africa's Talking the store sends its texts to. */
    smsUrl: string;
  }
}

/**
 * The test store's picture encode queue (PICTURE_ENCODES, PICTURE_ENCODE_QUEUE): one encode at a time and two
 * waiting, so a storm of cold sizes fills it whatever the machine.
 */
export const PICTURE_QUEUE = { encodes: 1, waiting: 2 };

/**
 * API tests (and the contract tests of tests/contract) run against the real server: PGlite by default,
 * PostgreSQL when API_DATABASE_URL is set. Its payment gateways are local fakes of Pesapal, Stripe, MTN MoMo and Airtel Money,
 * and its texts go to a local fake of Africa's Talking, retried a second apart.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.API_DATABASE_URL || undefined;
  if (databaseUrl) await resetPostgres(databaseUrl);
  const port = await freePort();
  const fakes = await startPaymentFakes(`http://127.0.0.1:${port}`);
  const sms = await startFakeAfricasTalking();
  const store = await startStore({
    databaseUrl,
    port,
    env: {
      ...fakes.env,
      ...smsEnv(sms),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CORS_ORIGINS: PARTNER_ORIGIN,
      METRICS_TOKEN,
      USSD_CALLBACK_TOKEN,
      MOBILE_MONEY_APPROVAL_SECONDS: String(MOBILE_MONEY_APPROVAL_SECONDS),
      RETURN_WINDOW_SECONDS: String(RETURN_WINDOW_SECONDS),
      PICTURE_ENCODES: String(PICTURE_QUEUE.encodes),
      PICTURE_ENCODE_QUEUE: String(PICTURE_QUEUE.waiting),
      // The tests text a few numbers (the demo vendors', their buyers') far more often than anyone would be: the
      // texts' budget is tested on stores of its own (sms-budget.test.ts).
      SMS_NUMBER_LIMITS: '10000,10000',
      SMS_ACCOUNT_LIMITS: '10000,10000',
      // Payout runs start only when a test asks: a scheduled one would pay the vendors tests set up.
      PAYOUT_DAYS: '',
    },
  });
  project.provide('baseUrl', store.baseUrl);
  project.provide('storePid', store.pid);
  project.provide('databaseDriver', databaseUrl ? 'postgres' : 'pglite');
  project.provide('outboxDir', store.outboxDir);
  project.provide('pesapalUrl', fakes.pesapalUrl);
  project.provide('stripeUrl', fakes.stripeUrl);
  project.provide('mtnMomoUrl', fakes.mtnMomoUrl);
  project.provide('airtelUrl', fakes.airtelUrl);
  project.provide('mtnMomoDisbursementUrl', fakes.mtnMomoDisbursementUrl);
  project.provide('airtelDisbursementUrl', fakes.airtelDisbursementUrl);
  project.provide('paymentFakesEnv', fakes.env);
  project.provide('smsUrl', sms.baseUrl);
  return async () => {
    // What the suite's store logged (skipped texts, errors), kept for whoever debugs a run: STORE_OUTPUT_FILE=path.
    if (process.env.STORE_OUTPUT_FILE) writeFileSync(process.env.STORE_OUTPUT_FILE, store.output());
    await store.stop();
    await fakes.stop();
    await sms.stop();
  };
}

/** What points a store's texts at a fake Africa's Talking, with retries a second apart so tests see them. */
export function smsEnv(sms: { baseUrl: string; username: string; apiKey: string }): Record<string, string> {
  return { AT_USERNAME: sms.username, AT_API_KEY: sms.apiKey, AT_BASE_URL: sms.baseUrl, SMS_RETRY_SECONDS: '1,1,1,1' };
}
