import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { startRefused, startStore } from '../support/server';
import { api } from './client';
import { ADMIN } from './server.setup';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request with headers fetch will not send as given (Host). */
function raw(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}, base = inject('baseUrl')): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(pathname, base), { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const siteOrigin = () => new URL(inject('baseUrl')).origin;
const FOREIGN_HOST = 'duuka.attacker.example';

function expectStoreHeaders(reply: Raw, what: string) {
  expect(reply.headers['x-content-type-options'], what).toBe('nosniff');
  expect(reply.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-frame-options'], what).toBe('DENY');
  expect(reply.headers['permissions-policy'], what).toMatch(/(^|, )camera=\(\)/);
  expect(reply.headers['permissions-policy'], what).toMatch(/(^|, )geolocation=\(\)/);
  expect(reply.headers['strict-transport-security'], `${what}: no HSTS for an http:// SITE_URL`).toBeUndefined();
}

/** The page policy: every directive asked for, script hashes, and nothing inline allowed for scripts. */
function expectPagePolicy(reply: Raw, what: string) {
  const policy = reply.headers['content-security-policy'];
  expect(typeof policy, `${what}: one Content-Security-Policy header`).toBe('string');
  const directives = new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('img-src'), what).toEqual(["'self'", 'data:']);
  expect(directives.get('connect-src'), what).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(directives.get('form-action'), what).toEqual(["'self'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  const scripts = directives.get('script-src') ?? [];
  expect(scripts, what).toContain("'self'");
  expect(
    scripts.some((source) => source.startsWith("'sha256-")),
    `${what}: script hashes`,
  ).toBe(true);
  expect(
    scripts.filter((source) => !source.startsWith("'sha256-")),
    `${what}: no 'unsafe-inline' or other keywords for scripts`,
  ).toEqual(["'self'"]);
  expect(directives.get('style-src')?.join(' '), what).not.toContain('unsafe-inline');
}

describe('security headers', () => {
  it('are on every kind of page, from the cache or not, with the page policy', async () => {
    const [product] = (await api('/api/products?limit=1')).body.data.data;
    const [category] = (await api('/api/categories')).body.data;
    const pages: [path: string, status: number][] = [
      ['/', 200],
      [`/category/${category.id}`, 200],
      [`/product/${product.id}`, 200],
      ['/about', 200],
      ['/account', 200],
      ['/auth/login', 200],
      ['/no-such-page', 404],
      ['/toast-demo?crash=server', 500],
      ['/integration-status', 404],
    ];
    for (const [pathname, status] of pages) {
      // The second request is answered from the catalogue cache and the page's own cache headers.
      for (const attempt of ['first', 'second']) {
        const reply = await raw(pathname);
        const what = `${pathname} (${attempt})`;
        expect(reply.status, what).toBe(status);
        expect(reply.headers['content-type'], what).toMatch(/^text\/html/);
        expectStoreHeaders(reply, what);
        expectPagePolicy(reply, what);
      }
    }
  });

  it('are on the vendor dashboard, logged in or sent to log in', async () => {
    const login = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.230.0.1' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = `duuka_session=${login.body.data.token}`;
    for (const attempt of ['first', 'second']) {
      const page = await raw('/vendor-dashboard/vendors', { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expectStoreHeaders(page, `dashboard (${attempt})`);
      expectPagePolicy(page, `dashboard (${attempt})`);
    }
    const guest = await raw('/vendor-dashboard');
    expect(guest.status).toBe(302);
    expectStoreHeaders(guest, 'dashboard redirect');
  });

  it('are on API replies and files, which may load nothing', async () => {
    const home = await raw('/');
    const asset = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(asset, 'the home page loads a hashed script').toBeDefined();
    for (const pathname of ['/api/products?limit=1', '/api/products/999999999', '/sitemap.xml', asset!, '/favicon.svg']) {
      for (const attempt of ['first', 'second']) {
        const reply = await raw(pathname);
        const what = `${pathname} (${attempt})`;
        expect(reply.status, what).toBe(pathname.includes('999999999') ? 404 : 200);
        expectStoreHeaders(reply, what);
        if (pathname.startsWith('/api/') || pathname.endsWith('.xml'))
          expect(reply.headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
      }
    }
    const script = await raw(asset!);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the store trusts SITE_URL, not the Host header', () => {
  async function registerBuyer(address: string) {
    const email = `host.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const reply = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Nakato', last_name: 'Tester' }),
    });
    expect(reply.status).toBe(201);
    return reply.body.data as { id: number; token: string };
  }

  it('refuses a dashboard form whose Origin matches the Host header but not SITE_URL', async () => {
    const buyer = await registerBuyer('10.230.0.2');
    const application = new URLSearchParams({
      business_name: 'Nakato Fashions',
      business_address: 'Shop 12, Owino Market, Kampala',
      business_phone_number: '0772 123 456',
    }).toString();
    const post = (origin: string) =>
      raw('/vendor-dashboard/shop', {
        method: 'POST',
        headers: { Host: FOREIGN_HOST, Origin: origin, Cookie: `duuka_session=${buyer.token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: application,
      });

    const forged = await post(`http://${FOREIGN_HOST}`);
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('This form must be sent from the store’s own page');
    const profile = await api('/api/manifest', { headers: { Authorization: `Bearer ${buyer.token}`, 'User-Id': String(buyer.id) } });
    expect(profile.body.data.user).toMatchObject({ id: buyer.id });
    expect((await raw('/vendor-dashboard/shop', { headers: { Cookie: `duuka_session=${buyer.token}` } })).body, 'no application was made').toContain(
      'Open a shop',
    );

    const fromStore = await post(siteOrigin());
    expect(fromStore.status, 'the same form from the store’s own page goes through, whatever Host says').toBe(303);
    expect(fromStore.headers.location).toBe('/vendor-dashboard/shop?notice=applied');
  });

  it('sends payment return links to SITE_URL whatever Host and X-Forwarded-Host say', async () => {
    const buyer = await registerBuyer('10.230.0.3');
    const auth = { Authorization: `Bearer ${buyer.token}`, 'User-Id': String(buyer.id) };
    const manifest = (await api('/api/manifest')).body.data;
    const product = (await api('/api/products?limit=100&in_stock=1')).body.data.data.find(
      (p: Record<string, any>) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && Object.values(p.variants ?? {}).every((v: any) => v.length === 0),
    );
    const order = {
      items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 123 456',
      delivery_location_id: manifest.delivery_locations[0].id,
      delivery_address: 'Plot 5, Ntinda Road, near the market',
      payment_gateway: 'pesapal',
    };
    const placed = await raw('/api/orders', {
      method: 'POST',
      headers: { ...auth, Host: FOREIGN_HOST, 'X-Forwarded-Host': FOREIGN_HOST, 'X-Forwarded-Proto': 'https', 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(placed.status).toBe(201);
    const payment = JSON.parse(placed.body).data.payment;
    const trackingId = payment.redirect_url.split('/').at(-1);
    const state = await (await fetch(new URL('/__fake/state', inject('pesapalUrl')))).json();
    const submitted = state.orders.find((entry: Record<string, any>) => entry.order_tracking_id === trackingId || entry.trackingId === trackingId);
    expect(submitted.callback_url).toBe(`${siteOrigin()}/payment/callback/${JSON.parse(placed.body).data.id}`);
  });
});

describe('SITE_URL at start-up', () => {
  const startProduction = (env: Record<string, string | undefined>) => startRefused({ NODE_ENV: 'production', ...env });

  it('a production store without SITE_URL, or with a wrong one, refuses to start and says why', async () => {
    const missing = await startProduction({});
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The store cannot start: SITE_URL is not set');
    const malformed = await startProduction({ SITE_URL: 'duuka.ug' });
    expect(malformed.code).toBe(1);
    expect(malformed.output).toContain('SITE_URL "duuka.ug" is not an address');
    const withPath = await startProduction({ SITE_URL: 'https://duuka.ug/shop' });
    expect(withPath.code).toBe(1);
    expect(withPath.output).toContain("must be the store's address alone");
  }, 180_000);

  it('a production store on an https SITE_URL asks browsers for HTTPS only (HSTS)', async () => {
    const store = await startStore({
      env: { NODE_ENV: 'production', SMS_DISABLED: '1', DEV_PAGES: '0', SITE_URL: 'https://duuka.example', SEED_ON_START: '0', DATA_DIR: 'memory://' },
    });
    try {
      for (const pathname of ['/', '/api/health', '/favicon.svg']) {
        const reply = await raw(pathname, {}, store.baseUrl);
        expect(reply.headers['strict-transport-security'], pathname).toBe('max-age=31536000; includeSubDomains');
        expect(reply.headers['x-content-type-options'], pathname).toBe('nosniff');
      }
    } finally {
      await store.stop();
    }
  }, 180_000);
});
