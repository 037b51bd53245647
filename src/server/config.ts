/**
 * The store's configuration: every environment variable it reads, checked once at start and kept as one typed,
 * frozen object. Nothing else in src/ reads `process.env` (an eslint rule); docs/configuration.md is generated
 * from SETTINGS (`npm run docs:config`, and a unit test fails when it is stale).
 *
 * A bad value stops the start with a line naming the variable and what it takes. That line goes to standard
 * error only: the log is configured here (LOG_LEVEL), so it cannot report a configuration it could not read.
 * One configuration per process, on globalThis: the start script and the built Astro bundle each carry a copy
 * of this module and must read the same settings.
 */
import { z } from 'zod';
import { APPROVAL_WINDOW_MS } from '../lib/mobile-money';
import { RETURN_WINDOW_MS } from '../lib/return-rules';
import { STORE } from '../lib/store';

type Env = Readonly<Record<string, string | undefined>>;

/** A variable: how its text is read, its default as the docs say it, and what it does. */
type Setting<T> = { schema: z.ZodType<T, string | undefined>; default: string; does: string };

const setting = <T>(schema: z.ZodType<T, string | undefined>, defaultText: string, does: string): Setting<T> => ({ schema, default: defaultText, does });

/** The variable's text without surrounding spaces; empty counts as unset. */
const text = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined);

/** Text taken as it is (a password may begin or end with a space); empty counts as unset. */
const secret = () =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined);

const textOr = (fallback: string) => text().transform((value) => value ?? fallback);

/** Text that must be one of `choices` ("what it takes" for the refusal). */
const oneOf = <const C extends string>(choices: readonly C[], fallback: C) =>
  text().transform((value, ctx) => {
    if (value === undefined) return fallback;
    if ((choices as readonly string[]).includes(value)) return value as C;
    ctx.addIssue({ code: 'custom', message: `one of ${choices.join(', ')}` });
    return z.NEVER;
  });

/**
 * NODE_ENV as the store reads it, in one place: `development` or `test` in any case are those, any other value
 * (`production`, `Production`, `prod`, `staging`...) is production, so a misspelt live store still runs as one.
 * Unset stays unset: a developer's `npm start` on the demo database, not a live store.
 */
const nodeEnvironment = () =>
  text().transform((value): 'development' | 'test' | 'production' | undefined => {
    const said = value?.toLowerCase();
    if (said === undefined) return undefined;
    return said === 'development' || said === 'test' ? said : 'production';
  });

/** `1` or `0`, read as a switch. */
const onOff = () => oneOf(['1', '0'], '0').transform((value) => value === '1');

/** A number, whole unless `fractions`, of at least `min` (above `min` when `above`), at most `max`. */
function number<F extends number | undefined>(fallback: F, bounds: { min: number; above?: boolean; max?: number; fractions?: boolean }) {
  const kind = bounds.fractions ? 'a number' : 'a whole number';
  const range = bounds.max !== undefined ? `from ${bounds.min} to ${bounds.max}` : bounds.above ? `above ${bounds.min}` : `of ${bounds.min} or more`;
  return text().transform((value, ctx): number | F => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    const fits =
      Number.isFinite(parsed) &&
      (bounds.fractions || Number.isInteger(parsed)) &&
      (bounds.above ? parsed > bounds.min : parsed >= bounds.min) &&
      (bounds.max === undefined || parsed <= bounds.max);
    if (fits) return parsed;
    ctx.addIssue({ code: 'custom', message: `${kind} ${range}` });
    return z.NEVER;
  });
}

/** Comma-separated entries, each checked by `accept`; empty entries are skipped. An empty value is a list of none, unless `emptyIsUnset`. */
const list = (fallback: string, what: string, accept: (entry: string) => boolean, { emptyIsUnset = false } = {}) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = ((emptyIsUnset ? value?.trim() || undefined : value) ?? fallback)
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.every(accept)) return entries;
      ctx.addIssue({ code: 'custom', message: what });
      return z.NEVER;
    });

/** Two whole numbers of 1 or more, comma-separated: a limit over a short window and over a long one. */
const wholePair = (fallback: string) =>
  list(fallback, 'two whole numbers of 1 or more, comma-separated, e.g. 5,20', (entry) => /^[1-9]\d*$/.test(entry), { emptyIsUnset: true }).transform(
    (entries, ctx) => {
      if (entries.length === 2) return [Number(entries[0]), Number(entries[1])] as const;
      ctx.addIssue({ code: 'custom', message: 'two whole numbers of 1 or more, comma-separated, e.g. 5,20' });
      return z.NEVER;
    },
  );

const isHttpAddress = (value: string) => /^https?:\/\/[^/]/.test(value);

/** An http(s) address without its trailing slashes. */
const address = <F extends string | undefined>(fallback: F) =>
  text().transform((value, ctx): string | F => {
    if (value === undefined) return fallback;
    if (isHttpAddress(value)) return value.replace(/\/+$/, '');
    ctx.addIssue({ code: 'custom', message: 'an http(s) address' });
    return z.NEVER;
  });

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

const CLOUDFLARE_DEFAULT_API_URL = 'https://api.cloudflare.com/client/v4';
export const PESAPAL_SANDBOX_URL = 'https://cybqa.pesapal.com/pesapalv3';
const AIRTEL_UAT_URL = 'https://openapiuat.airtel.africa';
const MTN_MOMO_SANDBOX_URL = 'https://sandbox.momodeveloper.mtn.com';

/** Every variable the store reads, in the order docs/configuration.md lists them. */
export const SETTINGS = {
  // The server
  PORT: setting(number(4321, { min: 0, max: 65535 }), '`4321`', 'port to listen on; the store says so and exits 1 if it is taken'),
  HOST: setting(textOr('127.0.0.1'), '`127.0.0.1`', 'address to listen on; `0.0.0.0` to reach the store from other devices (a phone on your Wi-Fi)'),
  NODE_ENV: setting(
    nodeEnvironment(),
    'unset (`production` for `npm start`)',
    '`production` marks a live store: it must name its `SITE_URL` and refuses the development switches (`PAYMENT_FAKES`, `DEV_PAGES`). Read in any case, and any value but `development` or `test` is production (`Production`, `prod`). Unset, the start script sets `production` for the libraries after that check',
  ),
  SITE_URL: setting(
    text(),
    '`http://localhost:4321` (required when `NODE_ENV=production`)',
    'the public address shoppers use, scheme, host and port only (e.g. `https://duuka.ug`): canonical links, where payment gateways send buyers back, the only origin the vendor pages take forms from, and HSTS when it is `https://`. The `Host` header is never used for these. A production store without it, or with a malformed one, refuses to start and says why',
  ),
  TRUST_PROXY: setting(
    number(0, { min: 0 }),
    '`0`',
    'the number of proxies in front of the store (`1` behind one load balancer): rate limits then count the `X-Forwarded-For` address that many places from the right, the one the first proxy saw; addresses the caller wrote to its left never count',
  ),
  CORS_ORIGINS: setting(
    text(),
    'unset',
    "comma-separated origins (scheme, host and port only) whose web pages may call `/api` (any header they ask for), e.g. `https://shop.partner.ug,https://m.duuka.ug`; a payment call's `callback_url` may send the buyer back to them too. See docs/api.md",
  ),
  API_REFUSALS_AS_200: setting(
    onOff(),
    '`0`',
    'with `1`, refusals (4xx other than 401) are answered with HTTP 200, `code: 0` and the message unchanged, for old clients that cannot read the body of a 4xx; only `code` then tells a refusal from a success, so monitoring counting 4xx sees none. See docs/api.md',
  ),
  LOG_LEVEL: setting(
    oneOf(LOG_LEVELS, 'info'),
    '`info`',
    'the least important log lines written: `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`; `debug` adds the access lines of built files and cached pages, `warn` drops every access line',
  ),
  METRICS_TOKEN: setting(
    text(),
    'unset',
    'the bearer token Prometheus sends to read `/metrics` (`Authorization: Bearer <token>`); unset, `/metrics` answers 404',
  ),
  DEV_PAGES: setting(
    onOff(),
    '`0`',
    '`1` opens the developer pages to everyone in a built store (they are always open under `npm run dev`; otherwise administrators only). `/integration-status` stays for administrators. Refused with `NODE_ENV=production`',
  ),
  GUEST_ID_SECRET: setting(
    text(),
    'unset',
    "the key that signs guests' ids (their search history) and browsers' device cookies (their texted codes); unset, the first instance makes one in the database and every instance on it uses that",
  ),
  MALLOC_ARENA_MAX: setting(
    text(),
    'unset (`2` under `npm start`)',
    'read by the C library, not the store: the memory arenas it keeps; the store only reports it (docs/memory.md)',
  ),

  // The database and stored files
  DATABASE_URL: setting(text(), 'unset', 'PostgreSQL connection string; unset means embedded PGlite'),
  DATA_DIR: setting(textOr('data/pglite'), '`data/pglite`', 'where PGlite keeps its files; one process at a time'),
  DATABASE_POOL_SIZE: setting(number(10, { min: 0, above: true }), '`10`', 'PostgreSQL connections per process'),
  SEED_ON_START: setting(
    oneOf(['1', '0'], '1').transform((value) => value === '1'),
    '`1`',
    '`0` leaves an empty database empty instead of adding the demo catalogue',
  ),
  SEED_PRODUCTS: setting(number(600, { min: 0 }), '`600`', 'how many demo products the first start adds'),
  ADMIN_EMAIL: setting(
    text(),
    'unset',
    "with `ADMIN_PASSWORD`, the store's administrator: created on start if missing (an existing account with that email is made administrator, its password left alone)",
  ),
  ADMIN_PASSWORD: setting(secret(), 'unset', "the administrator's password (see `ADMIN_EMAIL`)"),
  MARKETER_EMAIL: setting(
    text(),
    'unset',
    'with `MARKETER_PASSWORD`, a marketer: created on start as a shopper account marked marketer if missing (an existing account with that email is marked marketer, its password left alone)',
  ),
  MARKETER_PASSWORD: setting(secret(), 'unset', "the marketer's password (see `MARKETER_EMAIL`)"),
  STORAGE_DIR: setting(textOr('storage'), '`storage`', 'uploaded and generated files, served at `/storage/images/<file>`, when no bucket is set'),
  S3_BUCKET: setting(
    text(),
    'unset',
    'an S3-compatible bucket (Cloudflare R2, AWS S3, MinIO, Garage) for every stored file instead of `STORAGE_DIR`. With it set, the settings below must be right or the store stops at start saying what is wrong',
  ),
  S3_ENDPOINT: setting(text(), 'unset (AWS S3)', "the bucket service's address, e.g. `https://<account>.r2.cloudflarestorage.com` or `http://minio:9000`"),
  S3_REGION: setting(text(), '`auto`', "the bucket's region (`auto` for R2; AWS's region name, e.g. `eu-west-1`)"),
  S3_ACCESS_KEY_ID: setting(text(), 'unset (required with `S3_BUCKET`)', 'the key id allowed to read, write, list and delete objects in the bucket'),
  S3_SECRET_ACCESS_KEY: setting(text(), 'unset (required with `S3_BUCKET`)', "that key's secret"),
  S3_FORCE_PATH_STYLE: setting(
    text(),
    '`0`',
    '`1` addresses the bucket as `<endpoint>/<bucket>/<key>` (MinIO, Garage, most self-hosted servers) rather than `<bucket>.<endpoint>`',
  ),
  PICTURE_ENCODES: setting(
    number(undefined, { min: 0, above: true }),
    'cores − 1, at least 1',
    'picture sizes encoded at once by one process, one thread each; the core left over keeps pages and API calls answering during a storm of cold sizes',
  ),
  PICTURE_ENCODE_QUEUE: setting(
    number(undefined, { min: 0, above: true }),
    '4 × `PICTURE_ENCODES`',
    'picture sizes waiting for an encode; a request beyond them gets the nearest size already made, or 503 with `Retry-After`',
  ),

  PASSWORD_CHECKS: setting(
    number(undefined, { min: 0, above: true }),
    'cores − 1, at least 1',
    'passwords hashed or checked at once by one process (logins, sign-ups, new passwords: about 0.1 s of one core and 16 MB each); the core left over keeps pages, searches and orders answering during a burst of logins',
  ),
  PASSWORD_CHECK_QUEUE: setting(
    number(undefined, { min: 0 }),
    '4 × `PASSWORD_CHECKS`',
    'password checks waiting for one of those; a login, sign-up or password change beyond them is answered at once with 429 and `Retry-After` rather than waiting seconds',
  ),

  // Caches and search
  CATALOG_CACHE: setting(oneOf(['on', 'off'], 'on'), '`on`', '`off` answers every catalogue read from the database (for measuring)'),
  CATALOG_CACHE_MB: setting(
    number(50, { min: 0, max: 50, fractions: true }),
    '`50`',
    "memory for catalogue reads (each counted as twice its JSON length, about what it holds in V8's heap); the least recently used go first. At most 50, the spec's cap. After 2,000 distinct pages the demo catalogue's reads take about 10 MB and a 100,000-product catalogue's 25 MB; a busy instance of a large catalogue reaches the cap, so one that must stay within 300 MB sets less (docs/memory.md)",
  ),
  SEARCH_INDEX: setting(
    oneOf(['on', 'off'], 'on'),
    '`on`',
    "`off` answers every product search from PostgreSQL instead of the instance's in-memory search index (for measuring; see docs/search-performance.md)",
  ),
  PAGE_CACHE_MB: setting(
    number(24, { min: 0, fractions: true }),
    '`24`',
    'memory for cached pages (each kept in the encoding it was first asked for, brotli or gzip, and the other made when first asked for; counted as the memory they hold); the least recently used go first. The demo catalogue in three languages takes 20–25 MB in one encoding; an edge cache in front keeps the rest',
  ),
  EDGE_PURGE_URLS: setting(
    list('', 'comma-separated http(s) addresses', isHttpAddress),
    'unset',
    'comma-separated base URLs of the edge caches in front of the store (Varnish with xkey, e.g. `http://10.0.0.5:6081`): after a write commits, the instance that wrote sends each one `PURGE /` with an `xkey` header naming the tags it changed, once',
  ),
  EDGE_PURGE_SECRET: setting(
    secret(),
    'unset (required with `EDGE_PURGE_URLS`)',
    'sent with every purge in `X-Purge-Secret`; the Varnish of `deploy/varnish/default.vcl` reads the same value from its own environment and refuses a purge without it (its ACL alone trusts every proxy on its machine)',
  ),
  EDGE_CACHE_SECONDS: setting(
    number(3600, { min: 0, above: true }),
    '`3600`',
    "the longest an edge may keep a page or public API reply (`Surrogate-Control: max-age`; a page the store keeps for less, such as the home page's 30 minutes, says its own): a purge that never arrived heals by then",
  ),
  CLOUDFLARE_ZONE_ID: setting(
    text(),
    'unset',
    "with `CLOUDFLARE_API_TOKEN`, writes also purge their tags through Cloudflare's purge-by-tag API (in calls of at most 30 tags)",
  ),
  CLOUDFLARE_API_TOKEN: setting(text(), 'unset', "the Cloudflare token; it needs the zone's Cache Purge permission"),
  CLOUDFLARE_API_URL: setting(
    address(CLOUDFLARE_DEFAULT_API_URL),
    `\`${CLOUDFLARE_DEFAULT_API_URL}\``,
    "another address for Cloudflare's API (the local fake in tests)",
  ),

  // Mail and text messages
  SMTP_URL: setting(text(), 'unset', 'where mail goes, e.g. `smtps://user:pass@smtp.example.com`; unset writes each message to the outbox folder and logs it'),
  MAIL_FROM: setting(textOr(`${STORE.name} <no-reply@duuka.ug>`), `\`${STORE.name} <no-reply@duuka.ug>\``, "the sender of the store's mail"),
  OUTBOX_DIR: setting(
    textOr('outbox'),
    '`outbox`',
    'where mail and texts are written when there is no SMTP server or SMS account (password reset codes land here on a laptop)',
  ),
  AT_USERNAME: setting(
    text(),
    'unset',
    "with `AT_API_KEY`, the Africa's Talking account for texts to buyers and vendors (`sandbox` for its sandbox); unset, each text is written to the outbox folder as `<time>-sms-<number>.txt`",
  ),
  AT_API_KEY: setting(text(), 'unset', "the Africa's Talking API key"),
  AT_SENDER_ID: setting(text(), 'unset', 'the sender name or short code texts come from'),
  AT_BASE_URL: setting(address(undefined), 'unset', "another address for Africa's Talking's API (the local fake in tests)"),
  USSD_CALLBACK_TOKEN: setting(
    secret(),
    'unset',
    "the secret part of the address Africa's Talking calls for the USSD menu (`<SITE_URL>/api/ussd/<token>`, and `/events` after it for the end-of-session notices): a long random text; unset, the USSD routes answer 404 (docs/ussd.md)",
  ),
  SMS_RETRY_SECONDS: setting(
    list('60,300,1800,7200', 'comma-separated positive seconds, e.g. 60,300,1800', (entry) => Number(entry) > 0 && Number.isFinite(Number(entry)), {
      emptyIsUnset: true,
    }).transform((entries) => entries.map((seconds) => Math.round(Number(seconds) * 1000))),
    '`60,300,1800,7200`',
    'waits before each retry of a text that failed to send; after the last it is marked failed',
  ),
  SMS_DISABLED: setting(
    onOff(),
    '`0`',
    '`1`: texts are off: none is sent or written to the outbox, each is recorded as skipped. A production store without `AT_USERNAME` and `AT_API_KEY` refuses to start unless this says so',
  ),
  SMS_HOURLY_LIMIT: setting(
    number(2000, { min: 0 }),
    '`2000`',
    'the most texts the whole store sends in an hour, counted in the database across instances; the texts beyond it are recorded as skipped',
  ),
  SMS_NUMBER_LIMITS: setting(
    wholePair('5,20'),
    '`5,20`',
    'the most texts one number receives in 10 minutes and in a day, login and reset codes and requests to pay included; the last one of each is kept for a code, and the texts beyond are recorded as skipped',
  ),
  SMS_ACCOUNT_LIMITS: setting(
    wholePair('30,100'),
    '`30,100`',
    "the most texts one account's doings (a buyer's orders and returns, a vendor's payouts) cause in an hour and in a day; the texts beyond are recorded as skipped",
  ),
  PHONE_CODE_SECONDS: setting(
    number(600, { min: 0, above: true }),
    '`600`',
    'how long a code texted to log in by phone lives (shorter in tests that watch codes expire)',
  ),

  // Orders, returns and payouts
  UNPAID_ORDER_MINUTES: setting(
    number(30, { min: 0, above: true, fractions: true }),
    '`30`',
    'how long an order paid online keeps its items after its last payment attempt failed, was declined or went unanswered; then the store cancels it and the stock is back on sale (fractions allowed, for tests)',
  ),
  MOBILE_MONEY_APPROVAL_SECONDS: setting(
    number(APPROVAL_WINDOW_MS / 1000, { min: 0, above: true }),
    `\`${APPROVAL_WINDOW_MS / 1000}\``,
    'how long a buyer has to approve a mobile money payment on the phone before the store counts it unanswered (shorter in tests)',
  ),
  RETURN_WINDOW_SECONDS: setting(
    number(RETURN_WINDOW_MS / 1000, { min: 0, above: true }),
    `\`${RETURN_WINDOW_MS / 1000}\` (7 days)`,
    'how long after delivery a buyer may ask to return an item (shorter in tests)',
  ),
  PAYOUT_HOLD_DAYS: setting(
    number(7, { min: 0 }),
    '`7`',
    "days a vendor's earnings from a delivered part stay pending (the return window) before they may be paid out; `0` makes them available at delivery",
  ),
  PAYOUT_MINIMUM: setting(
    number(10_000, { min: 0 }),
    '`10000`',
    'the smallest available balance (whole UGX) a payout run pays a vendor; smaller balances wait for the next run; shown with the balance',
  ),
  PAYOUT_DAYS: setting(
    list('tue,fri', `comma-separated weekdays (${WEEKDAYS.join(', ')})`, (day) => WEEKDAYS.includes(day.toLowerCase().slice(0, 3))).transform((days) =>
      days.map((day) => day.toLowerCase().slice(0, 3)),
    ),
    '`tue,fri`',
    'the weekdays (Africa/Kampala) a payout run starts by itself, once a day across instances; empty: only administrators start runs',
  ),
  PAYOUT_METHOD_WAIT_HOURS: setting(
    number(24, { min: 0 }),
    '`24`',
    "hours payouts wait after a vendor's payout destination replaced an earlier one (the vendor is texted about the change meanwhile); a first destination does not wait; `0`: no wait",
  ),
  DELIVERY_CONFIRM_DAYS: setting(
    number(3, { min: 0, fractions: true }),
    '`3`',
    'days a buyer has to say a part marked delivered without its handover code never came; its earnings stay pending until the buyer confirms or these days pass',
  ),
  COD_CREDIT_LIMIT: setting(
    number(500_000, { min: 0 }),
    '`500000`',
    'the most (whole UGX) a vendor may owe the store for cash its riders collected; a vendor owing more has cash on delivery switched off for its items until it settles',
  ),

  // Payments
  PAYMENT_FAKES: setting(
    onOff(),
    '`0`',
    '`1`: gateways without keys (Pesapal, Stripe, MTN MoMo, Airtel Money and the payouts) are answered by local fakes started in the store, for demos on the embedded database: an order naming no way to pay then goes to Pesapal, paid on its fake page. Refused with `NODE_ENV=production` or `DATABASE_URL`',
  ),
  PESAPAL_CONSUMER_KEY: setting(text(), 'unset', 'with `PESAPAL_CONSUMER_SECRET`, the Pesapal API 3.0 keys; without them Pesapal is not offered at checkout'),
  PESAPAL_CONSUMER_SECRET: setting(text(), 'unset', 'the Pesapal consumer secret'),
  PESAPAL_BASE_URL: setting(address(PESAPAL_SANDBOX_URL), `\`${PESAPAL_SANDBOX_URL}\``, "Pesapal's sandbox; `https://pay.pesapal.com/v3` for live payments"),
  PESAPAL_IPN_ID: setting(text(), 'unset', 'a registered IPN id; unset, the store finds or registers `<SITE_URL>/api/payments/pesapal/ipn` once'),
  PESAPAL_TIMEOUT_MS: setting(number(15_000, { min: 0, above: true, fractions: true }), '`15000`', 'how long a call to Pesapal may take'),
  STRIPE_SECRET_KEY: setting(text(), 'unset', 'with `STRIPE_WEBHOOK_SECRET`, Stripe Checkout; both are needed for Stripe to be offered'),
  STRIPE_WEBHOOK_SECRET: setting(text(), 'unset', 'the secret Stripe signs its webhooks with'),
  STRIPE_API_BASE: setting(address('https://api.stripe.com'), '`https://api.stripe.com`', 'where the Stripe client sends its calls'),
  MTN_MOMO_SUBSCRIPTION_KEY: setting(
    text(),
    'unset',
    'with `MTN_MOMO_API_USER` and `MTN_MOMO_API_KEY`, MTN MoMo Collections; without them MTN Mobile Money is not offered',
  ),
  MTN_MOMO_API_USER: setting(text(), 'unset', 'the MTN MoMo API user'),
  MTN_MOMO_API_KEY: setting(text(), 'unset', 'the MTN MoMo API key'),
  MTN_MOMO_BASE_URL: setting(address(MTN_MOMO_SANDBOX_URL), `\`${MTN_MOMO_SANDBOX_URL}\``, "MTN MoMo's address (its sandbox unless set)"),
  MTN_MOMO_TARGET_ENV: setting(textOr('sandbox'), '`sandbox`', 'the sandbox takes EUR only; `mtnuganda` (live) takes UGX'),
  MTN_MOMO_TIMEOUT_MS: setting(
    number(15_000, { min: 0, above: true, fractions: true }),
    '`15000`',
    'how long a call to MTN may take before the store counts it unanswered (collection and payouts)',
  ),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: setting(
    text(),
    'unset',
    "with `MTN_MOMO_DISBURSEMENT_API_USER` and `MTN_MOMO_DISBURSEMENT_API_KEY`, MTN MoMo Disbursement (vendors' payouts): the Disbursement product's own subscription key and API user; without them no payout goes to MTN",
  ),
  MTN_MOMO_DISBURSEMENT_API_USER: setting(text(), 'unset', 'the Disbursement API user'),
  MTN_MOMO_DISBURSEMENT_API_KEY: setting(text(), 'unset', 'the Disbursement API key'),
  MTN_MOMO_DISBURSEMENT_BASE_URL: setting(address(undefined), '`MTN_MOMO_BASE_URL`', 'where payouts to MTN are sent'),
  MTN_MOMO_DISBURSEMENT_TARGET_ENV: setting(text(), '`MTN_MOMO_TARGET_ENV`', "the payouts' target environment"),
  AIRTEL_CLIENT_ID: setting(
    text(),
    'unset',
    "with `AIRTEL_CLIENT_SECRET`, Airtel Money collections; register `<SITE_URL>/api/payments/airtel-money/callback` in Airtel's portal",
  ),
  AIRTEL_CLIENT_SECRET: setting(text(), 'unset', 'the Airtel app secret'),
  AIRTEL_BASE_URL: setting(address(AIRTEL_UAT_URL), `\`${AIRTEL_UAT_URL}\``, "Airtel's UAT; `https://openapi.airtel.africa` for live payments"),
  AIRTEL_TIMEOUT_MS: setting(
    number(15_000, { min: 0, above: true, fractions: true }),
    '`15000`',
    'how long a call to Airtel may take before the store counts it unanswered (collection and payouts)',
  ),
  AIRTEL_DISBURSEMENT_PIN: setting(
    text(),
    'unset',
    "with `AIRTEL_DISBURSEMENT_PUBLIC_KEY`, Airtel Money disbursement (vendors' payouts): the account's four-digit PIN; without them no payout goes to Airtel",
  ),
  AIRTEL_DISBURSEMENT_PUBLIC_KEY: setting(text(), 'unset', "Airtel's RSA public key from its portal (base64 or PEM), with which the PIN is encrypted"),
  AIRTEL_DISBURSEMENT_CLIENT_ID: setting(text(), '`AIRTEL_CLIENT_ID`', 'another Airtel app for payouts'),
  AIRTEL_DISBURSEMENT_CLIENT_SECRET: setting(text(), '`AIRTEL_CLIENT_SECRET`', "that app's secret"),
  AIRTEL_DISBURSEMENT_BASE_URL: setting(address(undefined), '`AIRTEL_BASE_URL`', 'another Airtel address for payouts'),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;

/** The store's settings, by variable name, read and checked. */
export type Config = { readonly [Name in keyof Settings]: z.output<Settings[Name]['schema']> };

/** A configuration that cannot run the store: every problem, one a line, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads and checks `env` (tests pass their own); throws a ConfigError naming every variable that is wrong. */
export function loadConfig(env: Env): Config {
  const read: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, { schema }] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    const parsed = schema.safeParse(env[name]);
    if (parsed.success) read[name] = Object.freeze(parsed.data);
    else problems.push(`${name} must be ${parsed.error.issues[0]?.message ?? 'valid'}, got "${env[name]}".`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(read) as Config;
}

const CONFIG_KEY = Symbol.for('marketplace.config');
const holder = globalThis as { [CONFIG_KEY]?: Config };

function startConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`The store cannot start: ${error.problems.join(' ')}\n`);
    process.exit(1);
  }
}

/** The store's configuration, read from the environment when the process first needs it. */
export let config: Config = (holder[CONFIG_KEY] ??= startConfig());

/**
 * Reads the environment again, with `additions` over it, for the modules loaded from here on: the start script
 * after its payment fakes listen (before the app bundle loads), and tests that change a variable between runs.
 */
export function reloadConfig(additions: Env = {}): Config {
  config = holder[CONFIG_KEY] = loadConfig({ ...process.env, ...additions });
  return config;
}

/** Whether this is a live store (NODE_ENV read by the one rule above: anything but development or test). */
export function isProductionStore(settings: Pick<Config, 'NODE_ENV'> = config): boolean {
  return settings.NODE_ENV === 'production';
}

/** Sets a variable read by a library rather than the store (React's NODE_ENV). */
export function setLibraryVariable(name: 'NODE_ENV', value: string): void {
  process.env[name] = value;
}
