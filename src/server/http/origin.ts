/**
 * The store's public address, SITE_URL: where payment gateways send buyers back, the only origin the
 * vendor pages accept forms from, and whether the store asks browsers for HTTPS only. It is never taken
 * from a request's Host header, which whoever sends the request chooses.
 */
import { config, isProductionStore, type Config } from '../config';
import { refuseToStart } from '../log';

/** The address of a store on a developer's laptop when SITE_URL is unset (refused in production). */
export const DEVELOPMENT_SITE_URL = 'http://localhost:4321';

/** Why a SITE_URL value cannot be the store's address, or null when it can. */
export function siteUrlProblem(value: string | undefined): string | null {
  if (!value) return 'SITE_URL is not set: set it to the address shoppers use, e.g. SITE_URL=https://duuka.ug';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SITE_URL "${value}" is not an address: set it to the address shoppers use, e.g. SITE_URL=https://duuka.ug`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `SITE_URL "${value}" must start with https:// (or http:// on a test machine)`;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return `SITE_URL "${value}" must be the store's address alone (scheme, host and port), e.g. https://duuka.ug`;
  }
  return null;
}

/** The store's public origin, e.g. https://duuka.ug, without a trailing slash. */
export function publicOrigin(): string {
  const configured = config.SITE_URL;
  return configured ? new URL(configured).origin : new URL(DEVELOPMENT_SITE_URL).origin;
}

/** Switches meant for a developer's machine that a live store must not run with. */
const DEVELOPMENT_SWITCHES = [
  ['PAYMENT_FAKES', 'it answers Pesapal, Stripe, MTN MoMo and Airtel Money with local fakes that approve payments no one made'],
  ['DEV_PAGES', 'it opens the developer pages to everyone'],
] as const;

/**
 * Why the store cannot start with this environment, or null. A production store (NODE_ENV=production) runs no
 * development switch, names its SITE_URL and has an SMS account (or says texts are off); a SITE_URL that is set must be an address in any mode. The payment
 * fakes run only on the embedded database: on a PostgreSQL server, which live stores may share, the fakes'
 * reconciler would answer for real payment requests (and fail them).
 */
export function startConfigProblem(settings: Config = config): string | null {
  const production = isProductionStore(settings);
  for (const [name, why] of DEVELOPMENT_SWITCHES) {
    if (production && settings[name]) return `${name}=1 cannot be used with NODE_ENV=production: ${why}. Unset ${name}.`;
  }
  if (settings.PAYMENT_FAKES && settings.DATABASE_URL) {
    return 'PAYMENT_FAKES=1 runs only on the embedded database: with DATABASE_URL set its fakes would answer for the real payment requests stored there. Unset PAYMENT_FAKES or DATABASE_URL.';
  }
  if (settings.EDGE_PURGE_URLS.length > 0 && !settings.EDGE_PURGE_SECRET) {
    return "EDGE_PURGE_URLS needs EDGE_PURGE_SECRET: the edge refuses every purge without it (deploy/varnish/default.vcl). Set the same value on every instance and in Varnish's environment.";
  }
  const siteProblem = settings.SITE_URL || production ? siteUrlProblem(settings.SITE_URL) : null;
  if (siteProblem) return siteProblem;
  if (production && !(settings.AT_USERNAME && settings.AT_API_KEY) && !settings.SMS_DISABLED) {
    return 'NODE_ENV=production needs an SMS account: without one every text, login codes included, would only be written to the outbox folder. Set AT_USERNAME and AT_API_KEY, or SMS_DISABLED=1 to run with texts off.';
  }
  return null;
}

/** Start-up check: prints why the environment cannot run the store (startConfigProblem) and exits with code 1. */
export function assertProductionConfig(settings: Config = config): void {
  const problem = startConfigProblem(settings);
  if (!problem) return;
  refuseToStart(`The store cannot start: ${problem}`);
}
