/**
 * The footer's data-saver switch: a plain form (it works without JavaScript) posting `data_saver=on|off` and
 * `back`, the page it was on. The answer sets or clears the cookie (src/lib/data-saver.ts) and sends the
 * browser back to that page, always a path on this store. Forms from other sites are refused: the switch
 * changes nothing private, but no other site should change how the store looks to a shopper.
 */
import { Forbidden, Invalid } from '../errors';
import { readBody } from './body';
import { publicOrigin } from './origin';
import { DATA_SAVER_COOKIE, DATA_SAVER_COOKIE_DAYS } from '../../lib/data-saver';
import { sameSitePath } from '../../lib/same-site-path';
import { message } from '../../lib/messages/message';
import { fieldRefusal } from '../input-refusals';

/** The cookie that turns the switch on (`on`) or clears it (`off`); Secure follows SITE_URL, as the login cookie's does. */
export function dataSaverCookie(choice: 'on' | 'off'): string {
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  const maxAge = choice === 'on' ? DATA_SAVER_COOKIE_DAYS * 24 * 60 * 60 : 0;
  return `${DATA_SAVER_COOKIE}=${choice === 'on' ? '1' : ''}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/**
 * Whether a form post came from the store's own pages: the browser says it is not from another site
 * (`Sec-Fetch-Site`), and its Origin, when sent, is the store's public address or the one it was asked at
 * (a phone on the shop's Wi-Fi reaches it by another address than SITE_URL).
 */
export function fromOurPages(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = request.headers.get('Origin');
  return !origin || origin === publicOrigin() || origin === new URL(request.url).origin;
}

/** Sets or clears the switch and answers with the way back to the page it was turned on (303, so a reload does not post again). */
export async function switchDataSaver(request: Request): Promise<Response> {
  if (!fromOurPages(request)) throw new Forbidden(message('dataSaver', 'notFromStore'));
  const body = await readBody(request);
  const choice = body.data_saver;
  if (choice !== 'on' && choice !== 'off') throw new Invalid(fieldRefusal('data_saver', message('field', 'onOrOff')));
  const back = sameSitePath(typeof body.back === 'string' ? body.back : null) ?? '/';
  return new Response(null, {
    status: 303,
    headers: { Location: back, 'Set-Cookie': dataSaverCookie(choice), 'Cache-Control': 'no-store' },
  });
}
