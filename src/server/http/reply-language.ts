/**
 * The language an API reply speaks: the store's language the request asks for in `Accept-Language` (our islands
 * send their page's tag), English when it names none of ours. The endpoint wrapper (./errors.ts) runs each
 * handler inside `replyingTo`, and the envelope (./envelope.ts) reads the language back to say its message in it
 * (src/lib/messages/say-message.ts) and name it in `Content-Language`, so services and routes give messages and
 * never pass a language along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LANGUAGE_TAGS, languageOfAcceptLanguage, type Language } from '../../lib/i18n/languages';
import type { Message } from '../../lib/messages/message';
import { sayMessage } from '../../lib/messages/say-message';

const replyLanguage = new AsyncLocalStorage<Language>();

/** Runs `handle` (and all it awaits) with the language `request` asks for as its replies' language. */
export function replyingTo<T>(request: Request, handle: () => T): T {
  return replyLanguage.run(languageOfAcceptLanguage(request.headers.get('Accept-Language')), handle);
}

/** The language the reply being written speaks; English outside an endpoint. */
export function replyLanguageNow(): Language {
  return replyLanguage.getStore() ?? 'en';
}

/**
 * An envelope's message in the reply's language, and the header that names it. Outside an endpoint (no
 * request to ask) the message is said in English and no language is named.
 */
export function inReplyLanguage(said: Message): { message: string; headers: Record<string, string> } {
  const language = replyLanguage.getStore();
  if (!language) return { message: sayMessage(said, 'en'), headers: {} };
  return { message: sayMessage(said, language), headers: { 'Content-Language': LANGUAGE_TAGS[language] } };
}

/** The same for a refusal the HTTP server answers itself, before the app: a body too large, an upload refused. */
export function inLanguageOf(request: IncomingMessage, said: Message): { message: string; headers: Record<string, string> } {
  const language = languageOfAcceptLanguage(request.headers['accept-language']);
  return { message: sayMessage(said, language), headers: { 'Content-Language': LANGUAGE_TAGS[language] } };
}

/**
 * Says that a reply to `/api/...` depends on `Accept-Language`, so a shared cache keeps each language's apart.
 * Set by the HTTP server before the app answers and after CORS's `Vary: Origin`, which it keeps: a `Vary` on the
 * app's own reply would replace that one when Node writes the head.
 */
export function varyApiByLanguage(request: IncomingMessage, response: ServerResponse): void {
  if (!request.url?.startsWith('/api/')) return;
  const vary = response.getHeader('Vary');
  response.setHeader('Vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
}
