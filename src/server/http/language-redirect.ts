/**
 * A shopper who chose Luganda or Swahili with the switch and opens an English page (a shared link, a search
 * result, the address typed) is sent to the same page in their language. Answered by the HTTP server before the
 * page cache, since the cached English page is the same for everyone and the choice is in a cookie. The
 * redirect itself is kept by no cache: it depends on the cookie.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chosenLanguagePath } from '../../lib/i18n/languages';
import { sameSitePath } from '../../lib/same-site-path';

/** True when the request was answered with the way to the chosen language's page. */
export function redirectToChosenLanguage(request: IncomingMessage, response: ServerResponse): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return false;
  // `//other.example/x` asked of the store must not become `Location: //other.example/x`: such paths are left to the app.
  const location = sameSitePath(request.url) && chosenLanguagePath(request.url, request.headers.cookie);
  if (!location) return false;
  response.writeHead(302, { Location: location, 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
  response.end();
  return true;
}
