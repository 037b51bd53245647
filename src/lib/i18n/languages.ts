/**
 * The store's languages: English at `/`, Luganda at `/lg/...`, Swahili at `/sw/...` (Astro's i18n routing,
 * astro.config.mjs). A path's first segment names its language; a page without one is English. A shopper who
 * picks a language with the switch has it remembered in a cookie, and an English address they open later
 * sends them to the same page in their language (`chosenLanguagePath`).
 */
import { cookieValue } from '../cookies';
import { qualityValues } from '../quality-values';

export const LANGUAGES = ['en', 'lg', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The BCP 47 tag of each language as spoken in Uganda: `<html lang>`, `hreflang`, plural rules. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-UG', lg: 'lg-UG', sw: 'sw-UG' };

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', lg: 'Luganda', sw: 'Kiswahili' };

/** The cookie the switch sets to the shopper's language. Not personal: it names no one. */
export const LANGUAGE_COOKIE = 'lang';

/** How long the choice is remembered: a year, renewed at each switch. */
export const LANGUAGE_COOKIE_DAYS = 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a tag such as `lg-UG` or `sw`; English for anything else. */
export function languageOfTag(tag: string | null | undefined): Language {
  const primary = (tag ?? '').split('-', 1)[0]!.toLowerCase();
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

const PREFIXED = /^\/(lg|sw)(?=\/|$|\?|#)/;

/** The language a path is in: its first segment when that is `lg` or `sw`, else English. */
export function languageOfPath(path: string): Language {
  return (PREFIXED.exec(path)?.[1] as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** The English path of a page in any language: `/lg/cart?x=1` → `/cart?x=1`, `/sw` → `/`. */
export function pathWithoutLanguage(path: string): string {
  const rest = path.replace(PREFIXED, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The path of the same page in `language`: `('lg', '/cart')` → `/lg/cart`, `('lg', '/')` → `/lg`, `('en', '/sw/cart')` →
 * `/cart`. Anything not a path on this store (`https://…`, `mailto:…`, `#reviews`) is left as it is.
 */
export function pathInLanguage(language: Language, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const english = pathWithoutLanguage(path);
  if (language === DEFAULT_LANGUAGE) return english;
  return english === '/' || /^\/[?#]/.test(english) ? `/${language}${english.slice(1)}` : `/${language}${english}`;
}

/** The language a shopper chose with the switch, when the cookie names one. */
export function chosenLanguage(cookieHeader: string | null | undefined): Language | null {
  const value = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

// Replies that are not pages keep one address whatever the language: the API, pictures, the built files and
// scripts, the sitemaps and robots.txt (a dot in the last segment), and the switches' own form posts.
const NOT_A_PAGE = /^\/(api|img|storage|_astro|_server-islands|language|data-saver)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Where a request for an English page goes when the shopper chose another language: the same page in that
 * language, or null to answer it as it is (it is already in a language, it is not a page, or no other
 * language was chosen).
 */
export function chosenLanguagePath(pathAndQuery: string, cookieHeader: string | null | undefined): string | null {
  const chosen = chosenLanguage(cookieHeader);
  if (!chosen || chosen === DEFAULT_LANGUAGE || !pathAndQuery.startsWith('/')) return null;
  const path = pathAndQuery.split('?', 1)[0]!;
  if (languageOfPath(path) !== DEFAULT_LANGUAGE || NOT_A_PAGE.test(path)) return null;
  return pathInLanguage(chosen, pathAndQuery);
}

/**
 * The store's languages a client names in `Accept-Language` (the islands send their page's tag), most wanted
 * first (by `q`, then the header's order); a language refused with q=0 is not among them.
 */
export function languagesAskedFor(header: string | null | undefined): Language[] {
  const ranked = [...qualityValues(header ?? '')].filter(([, quality]) => quality > 0).sort((a, b) => b[1] - a[1]);
  const asked: Language[] = [];
  for (const [range] of ranked) {
    const primary = range.split('-', 1)[0]!;
    if (isLanguage(primary) && !asked.includes(primary)) asked.push(primary);
  }
  return asked;
}

/** The store's language a client asks for in `Accept-Language`: the most wanted of ours, English when it names none. */
export function languageOfAcceptLanguage(header: string | null | undefined): Language {
  return languagesAskedFor(header)[0] ?? DEFAULT_LANGUAGE;
}
