import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, reloadConfig } from '~/server/config';
import { DEVELOPMENT_SITE_URL, publicOrigin, siteUrlProblem, startConfigProblem } from '~/server/http/origin';
import { securityHeaders } from '~/server/http/security-headers';

afterEach(() => reloadConfig());

describe('the public origin', () => {
  it('is SITE_URL without a trailing slash', () => {
    reloadConfig({ SITE_URL: 'https://duuka.ug/' });
    expect(publicOrigin()).toBe('https://duuka.ug');
    reloadConfig({ SITE_URL: 'http://127.0.0.1:4400' });
    expect(publicOrigin()).toBe('http://127.0.0.1:4400');
  });

  it('is the laptop address when SITE_URL is unset', () => {
    reloadConfig({ SITE_URL: '' });
    expect(publicOrigin()).toBe(DEVELOPMENT_SITE_URL);
    expect(DEVELOPMENT_SITE_URL).toBe('http://localhost:4321');
  });
});

describe('SITE_URL checks', () => {
  it.each(['https://duuka.ug', 'https://duuka.ug/', 'http://localhost:4321', 'https://shop.duuka.co.ug:8443'])('accepts %s', (value) => {
    expect(siteUrlProblem(value)).toBeNull();
  });

  it.each([
    [undefined, 'SITE_URL is not set'],
    ['', 'SITE_URL is not set'],
    ['duuka.ug', 'is not an address'],
    ['ftp://duuka.ug', 'must start with https://'],
    ['https://duuka.ug/shop', "must be the store's address alone"],
    ['https://duuka.ug/?utm=x', "must be the store's address alone"],
    ['https://admin:secret@duuka.ug', "must be the store's address alone"],
  ])('refuses %s, saying why', (value, why) => {
    expect(siteUrlProblem(value)).toContain(why);
  });
});

describe('start-up checks', () => {
  const live = { NODE_ENV: 'production', SITE_URL: 'https://duuka.ug', SMS_DISABLED: '1' };

  it('refuse the development switches in a production store, naming them', () => {
    expect(startConfigProblem(loadConfig(live))).toBeNull();
    expect(startConfigProblem(loadConfig({ ...live, PAYMENT_FAKES: '1' }))).toMatch(/^PAYMENT_FAKES=1 cannot be used with NODE_ENV=production/);
    expect(() => loadConfig({ ...live, PAYMENT_FAKES: 'yes' })).toThrow('PAYMENT_FAKES must be one of 1, 0, got "yes".');
    expect(startConfigProblem(loadConfig({ ...live, DEV_PAGES: '1' }))).toMatch(/^DEV_PAGES=1 cannot be used with NODE_ENV=production/);
    expect(startConfigProblem(loadConfig({ ...live, PAYMENT_FAKES: '0', DEV_PAGES: '0' }))).toBeNull();
  });

  it('refuse a production store without an SMS account unless SMS_DISABLED=1 says texts are off', () => {
    const { SMS_DISABLED: _, ...withoutSms } = live;
    expect(startConfigProblem(loadConfig(withoutSms))).toMatch(
      /^NODE_ENV=production needs an SMS account: .* Set AT_USERNAME and AT_API_KEY, or SMS_DISABLED=1/,
    );
    expect(startConfigProblem(loadConfig({ ...withoutSms, AT_USERNAME: 'duuka', AT_API_KEY: 'key' }))).toBeNull();
    expect(startConfigProblem(loadConfig({ ...withoutSms, AT_USERNAME: 'duuka' }))).toMatch(/^NODE_ENV=production needs an SMS account/);
    expect(startConfigProblem(loadConfig({ ...withoutSms, SMS_DISABLED: '1' }))).toBeNull();
    // A laptop writes texts to the outbox folder.
    expect(startConfigProblem(loadConfig({}))).toBeNull();
  });

  it('read NODE_ENV in any case, and any value but development or test as production', () => {
    for (const said of ['production', 'Production', 'PRODUCTION', 'prod', 'staging', ' live ']) {
      expect(loadConfig({ NODE_ENV: said }).NODE_ENV, said).toBe('production');
      expect(startConfigProblem(loadConfig({ NODE_ENV: said, PAYMENT_FAKES: '1', SITE_URL: 'https://duuka.ug' })), said).toMatch(
        /^PAYMENT_FAKES=1 cannot be used with NODE_ENV=production/,
      );
      expect(startConfigProblem(loadConfig({ NODE_ENV: said })), said).toMatch(/SITE_URL/);
    }
    for (const [said, read] of [
      ['development', 'development'],
      ['Development', 'development'],
      ['TEST', 'test'],
    ] as const) {
      expect(loadConfig({ NODE_ENV: said }).NODE_ENV).toBe(read);
      expect(startConfigProblem(loadConfig({ NODE_ENV: said, PAYMENT_FAKES: '1' }))).toBeNull();
    }
    expect(loadConfig({}).NODE_ENV).toBeUndefined();
    expect(startConfigProblem(loadConfig({ PAYMENT_FAKES: '1' }))).toBeNull();
  });

  it('refuse edge purges without the secret the edge checks', () => {
    expect(startConfigProblem(loadConfig({ EDGE_PURGE_URLS: 'http://10.0.0.5:6081' }))).toMatch(/^EDGE_PURGE_URLS needs EDGE_PURGE_SECRET/);
    expect(startConfigProblem(loadConfig({ EDGE_PURGE_URLS: 'http://10.0.0.5:6081', EDGE_PURGE_SECRET: 'purge-Kampala' }))).toBeNull();
  });

  it('keep the payment fakes to the embedded database', () => {
    expect(startConfigProblem(loadConfig({ PAYMENT_FAKES: '1' }))).toBeNull();
    expect(startConfigProblem(loadConfig({ PAYMENT_FAKES: '1', DATABASE_URL: 'postgres://db.example/store' }))).toMatch(
      /^PAYMENT_FAKES=1 runs only on the embedded database/,
    );
    expect(startConfigProblem(loadConfig({ DEV_PAGES: '1' }))).toBeNull();
  });
});

describe('security headers', () => {
  it('ask for HTTPS only (HSTS) when the store is served over https', () => {
    expect(securityHeaders('https://duuka.ug')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders('http://localhost:4321')).not.toHaveProperty('Strict-Transport-Security');
  });

  it('refuse sniffing, framing, cross-site referrers and the device features the store does not use', () => {
    const headers = securityHeaders('http://localhost:4321');
    expect(headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(headers['Permissions-Policy']).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
  });
});
