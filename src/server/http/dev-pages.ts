/**
 * The developer pages (spec section 2: /toast-demo, /api-test, /test, /integration-status): never linked and
 * never indexed. Under `astro dev`, and in a built store started with DEV_PAGES=1 (refused with
 * NODE_ENV=production, see ./origin.ts), the demo pages are open to everyone; otherwise only an administrator
 * sees them. /integration-status shows error reports and the text message log, so it is for administrators
 * only in every mode. Anyone else is answered the 404 page, as if they were not there.
 */
import { isAdmin } from '../accounts/roles';
import { pageCaller } from './session-cookie';
import { config } from '../config';

function openToEveryone(): boolean {
  return import.meta.env.DEV || config.DEV_PAGES;
}

/** Whether this request may see a developer page; `administratorsOnly` for the pages that show private records. */
export async function mayOpenDevPage(request: Request, { administratorsOnly = false } = {}): Promise<boolean> {
  if (!administratorsOnly && openToEveryone()) return true;
  const caller = await pageCaller(request);
  return caller !== null && isAdmin(caller);
}
