/**
 * A browser's device cookie: `device_<random>[_<account id>…].<HMAC>`, HttpOnly, sent only to /api/users. It
 * gives the browser a name that lasts while its address changes (phones on mobile data do), so a texted code
 * asked from it is bound to it (accounts/phone-codes.ts), and it lists the accounts that have logged in from it,
 * newest first: an account's own browser may ask for more of that account's codes than strangers may. Signed
 * with the store's key (store-signature.ts), so nobody writes themselves onto an account's list; a browser
 * without one gets one with its first code, and a fresh one gains an account only by logging in.
 */
import { randomBytes } from 'node:crypto';
import { cookieValue } from '../../lib/cookies';
import { publicOrigin } from './origin';
import { signedByStore, storeSignature } from './store-signature';
import type { Asker, Device } from '../accounts/phone-codes';

export const DEVICE_COOKIE = 'duuka_device';
const DEVICE_COOKIE_DAYS = 365;
/** How many accounts one browser vouches for: a family's shared phone, not a shop counter's. */
const MOST_ACCOUNTS = 5;
const SIGNED_DEVICE = /^(device_([0-9a-f]{24})((?:_\d{1,10}){0,5}))\.([A-Za-z0-9_-]{43})$/;

/** The device a request's cookie names, or null when it has none the store signed. */
export function deviceOf(request: Request): Device | null {
  return signedDevice(cookieValue(request.headers.get('cookie'), DEVICE_COOKIE) ?? '');
}

/** The device a signed value names (the cookie's, or the login page's hidden field's), or null when the store did not sign it. */
export function signedDevice(value: string): Device | null {
  const match = SIGNED_DEVICE.exec(value);
  if (!match || !signedByStore(match[1]!, match[4]!)) return null;
  return { id: match[2]!, accounts: match[3]!.split('_').filter(Boolean).map(Number) };
}

/**
 * A device as a signed value. The login page's forms carry it from the step that asked for a code to the step
 * that types it, since the cookie is sent only to /api/users: the code stays bound to the browser while its
 * address changes.
 */
export function signedDeviceValue(device: Device): string {
  const value = ['device', device.id, ...device.accounts].join('_');
  return `${value}.${storeSignature(value)}`;
}

/** Who is asking: the address, and the browser's device when its cookie names one. */
export function askerOf(request: Request, address: string): Asker {
  return { address, device: deviceOf(request) };
}

/** The cookie keeping `device`; Secure follows SITE_URL. */
function deviceCookie(device: Device): string {
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${signedDeviceValue(device)}; Path=/api/users; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}${secure}`;
}

export const newDevice = (): Device => ({ id: randomBytes(12).toString('hex'), accounts: [] });

/** The cookie a browser asking for a code gets when it has no device yet, or null when it has one. */
export function deviceCookieForAsker(asker: Asker): string | null {
  return asker.device ? null : deviceCookie(newDevice());
}

/** The cookie of a browser that has just logged in to the account: its device, with the account first on its list. */
export function deviceCookieAfterLogin(asker: Asker, accountId: number): string {
  const device = asker.device ?? newDevice();
  const accounts = [accountId, ...device.accounts.filter((id) => id !== accountId)].slice(0, MOST_ACCOUNTS);
  return deviceCookie({ id: device.id, accounts });
}
