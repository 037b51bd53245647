/**
 * The language a request asks to be answered, mailed and texted in, from its Accept-Language (the islands' API
 * client sends its page's tag). `languageOfAcceptLanguage` answers English when the header names none of the
 * store's languages; here that case is told apart, so a client that names no language (fetch's default `*`, a
 * French phone) leaves a shopper's own choice alone instead of turning it to English.
 */
import { DEFAULT_LANGUAGE, languageOfAcceptLanguage, type Language } from '../../lib/i18n/languages';

/** Whether the header names English with a weight above 0 (`en`, `en-GB;q=0.5`; not `en;q=0`). */
function namesEnglish(header: string): boolean {
  return header.split(',').some((entry) => {
    const [range = '', ...parameters] = entry.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    return range.trim().split('-', 1)[0]!.toLowerCase() === DEFAULT_LANGUAGE && (q === undefined || Number(q) > 0);
  });
}

/** The store's language the request's Accept-Language asks for, or null when it names none of them. */
export function askedLanguage(request: Request): Language | null {
  const header = request.headers.get('accept-language') ?? '';
  const language = languageOfAcceptLanguage(header);
  return language !== DEFAULT_LANGUAGE || namesEnglish(header) ? language : null;
}
