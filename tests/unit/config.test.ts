/**
 * The store's configuration: defaults, values read and checked, refusals that name the variable and what it
 * takes, and docs/configuration.md in step with it. The start's refusal itself is in tests/api/development-switches.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS } from '~/server/config';
import { CONFIGURATION_DOC, configurationDoc } from '../../scripts/config-docs';

/** The problems loadConfig finds in `env`, one a line. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe('loadConfig', () => {
  it('gives every variable its default when nothing is set, and treats empty as unset', () => {
    for (const env of [{}, Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, '']))]) {
      const config = loadConfig(env);
      expect(config).toMatchObject({
        PORT: 4321,
        HOST: '127.0.0.1',
        DATABASE_URL: undefined,
        DATA_DIR: 'data/pglite',
        DATABASE_POOL_SIZE: 10,
        STORAGE_DIR: 'storage',
        SEED_ON_START: true,
        SEED_PRODUCTS: 600,
        CATALOG_CACHE: 'on',
        CATALOG_CACHE_MB: 50,
        PAGE_CACHE_MB: 24,
        EDGE_PURGE_URLS: [],
        EDGE_CACHE_SECONDS: 3600,
        CLOUDFLARE_API_URL: 'https://api.cloudflare.com/client/v4',
        PICTURE_ENCODES: undefined,
        MAIL_FROM: 'Duuka <no-reply@duuka.ug>',
        OUTBOX_DIR: 'outbox',
        TRUST_PROXY: 0,
        DEV_PAGES: false,
        PAYMENT_FAKES: false,
        LOG_LEVEL: 'info',
        SMS_RETRY_SECONDS: [60_000, 300_000, 1_800_000, 7_200_000],
        UNPAID_ORDER_MINUTES: 30,
        RETURN_WINDOW_SECONDS: 7 * 24 * 60 * 60,
        MOBILE_MONEY_APPROVAL_SECONDS: 300,
        PHONE_CODE_SECONDS: 600,
        PAYOUT_HOLD_DAYS: 7,
        PAYOUT_MINIMUM: 10_000,
        PAYOUT_METHOD_WAIT_HOURS: 24,
        PESAPAL_BASE_URL: 'https://cybqa.pesapal.com/pesapalv3',
        STRIPE_API_BASE: 'https://api.stripe.com',
        MTN_MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com',
        MTN_MOMO_TARGET_ENV: 'sandbox',
        MTN_MOMO_TIMEOUT_MS: 15_000,
        AIRTEL_BASE_URL: 'https://openapiuat.airtel.africa',
        AIRTEL_TIMEOUT_MS: 15_000,
      });
    }
    // An empty PAYOUT_DAYS is a choice (only administrators start runs), not the default.
    expect(loadConfig({}).PAYOUT_DAYS).toEqual(['tue', 'fri']);
    expect(loadConfig({ PAYOUT_DAYS: '' }).PAYOUT_DAYS).toEqual([]);
  });

  it('reads what is set: trimmed text, numbers, switches, lists and addresses without their trailing slash', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      SMTP_URL: ' smtps://u:p@mail.example ',
      ADMIN_PASSWORD: ' spaced secret ',
      PAGE_CACHE_MB: '0.5',
      CATALOG_CACHE_MB: '12.5',
      UNPAID_ORDER_MINUTES: '0.05',
      SEED_ON_START: '0',
      PAYMENT_FAKES: '1',
      EDGE_PURGE_URLS: 'http://10.0.0.5:6081, ,http://10.0.0.6:6081',
      SMS_RETRY_SECONDS: '1.5,60',
      PAYOUT_DAYS: 'Monday, thu',
      AT_BASE_URL: 'http://127.0.0.1:9000//',
      PAYOUT_HOLD_DAYS: '0',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SMTP_URL: 'smtps://u:p@mail.example',
      ADMIN_PASSWORD: ' spaced secret ',
      PAGE_CACHE_MB: 0.5,
      CATALOG_CACHE_MB: 12.5,
      UNPAID_ORDER_MINUTES: 0.05,
      SEED_ON_START: false,
      PAYMENT_FAKES: true,
      EDGE_PURGE_URLS: ['http://10.0.0.5:6081', 'http://10.0.0.6:6081'],
      SMS_RETRY_SECONDS: [1500, 60_000],
      PAYOUT_DAYS: ['mon', 'thu'],
      AT_BASE_URL: 'http://127.0.0.1:9000',
      PAYOUT_HOLD_DAYS: 0,
    });
  });

  it('is frozen', () => {
    const config = loadConfig({ EDGE_PURGE_URLS: 'http://10.0.0.5:6081' });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.EDGE_PURGE_URLS)).toBe(true);
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535, got "http".'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, got "70000".'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number above 0, got "0".'],
    [{ PAYOUT_MINIMUM: '-1' }, 'PAYOUT_MINIMUM must be a whole number of 0 or more, got "-1".'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY must be a whole number of 0 or more, got "1.5".'],
    [{ UNPAID_ORDER_MINUTES: 'soon' }, 'UNPAID_ORDER_MINUTES must be a number above 0, got "soon".'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose".'],
    [{ SEED_ON_START: 'no' }, 'SEED_ON_START must be one of 1, 0, got "no".'],
    [{ CATALOG_CACHE: 'false' }, 'CATALOG_CACHE must be one of on, off, got "false".'],
    [{ CATALOG_CACHE_MB: '60' }, 'CATALOG_CACHE_MB must be a number from 0 to 50, got "60".'],
    [{ PAYOUT_DAYS: 'tue,someday' }, 'PAYOUT_DAYS must be comma-separated weekdays (sun, mon, tue, wed, thu, fri, sat), got "tue,someday".'],
    [{ SMS_RETRY_SECONDS: '60,never' }, 'SMS_RETRY_SECONDS must be comma-separated positive seconds, e.g. 60,300,1800, got "60,never".'],
    [{ STRIPE_API_BASE: 'api.stripe.com' }, 'STRIPE_API_BASE must be an http(s) address, got "api.stripe.com".'],
  ])('refuses %o, naming the variable and what it takes', (env, problem) => {
    expect(refusal(env)).toEqual([problem]);
  });

  it('names every wrong variable at once', () => {
    expect(refusal({ PORT: 'x', EDGE_CACHE_SECONDS: '1h', HOST: '0.0.0.0' })).toEqual([
      'PORT must be a whole number from 0 to 65535, got "x".',
      'EDGE_CACHE_SECONDS must be a whole number above 0, got "1h".',
    ]);
  });
});

describe('docs/configuration.md', () => {
  it('is the page generated from the settings (npm run docs:config)', () => {
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationDoc());
  });

  it('lists only variables the store uses, and the store reads the environment only in config.ts', () => {
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro)$/.test(file) && file !== path.join('server', 'config.ts'))
      .map((file) => ({ file, source: readFileSync(path.join('src', file), 'utf8') }));
    expect(sources.filter(({ source }) => /process\.env\b(?!\.NODE_ENV['"])/.test(source)).map(({ file }) => file)).toEqual([]);
    const unused = Object.keys(SETTINGS).filter((name) => !sources.some(({ source }) => new RegExp(`\\b${name}\\b`).test(source)));
    expect(unused).toEqual([]);
  });
});
