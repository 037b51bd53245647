/**
 * The store's public address, SITE_URL: where payment gateways send buyers back, the only origin the
 * vendor pages accept forms from, and whether the store asks browsers for HTTPS only. It is never taken
 * from a request's Host header, which whoever sends the request chooses.
 */

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
  const configured = process.env.SITE_URL;
  return configured ? new URL(configured).origin : new URL(DEVELOPMENT_SITE_URL).origin;
}

/**
 * Start-up check: a SITE_URL that is set must be an address, and a production store
 * (NODE_ENV=production) must have one — otherwise it would send buyers back to localhost. Prints why
 * and exits with code 1.
 */
export function assertProductionConfig(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.SITE_URL && env.NODE_ENV !== 'production') return;
  const problem = siteUrlProblem(env.SITE_URL);
  if (!problem) return;
  console.error(`The store cannot start: ${problem}`);
  process.exit(1);
}
