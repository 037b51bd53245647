/**
 * Words in the shopper's language. A catalogue (src/lib/i18n/<language>/) holds each text once per language,
 * in the same shape for all three; a text with values names them in braces (`'{count} in stock'`), and a
 * text that changes with a number has a form per plural category (`{ one: '{count} item', other: '{count}
 * items' }`), chosen by `Intl.PluralRules`. Pages get a translator from `Astro.locals.i18n`; islands from
 * `islandTranslator()` (src/lib/i18n/current.ts).
 */
import { formatUGX, groupThousands } from '../money';
import { kampalaDate, kampalaDateTime } from '../dates';
import { LANGUAGE_TAGS, pathInLanguage, type Language } from './languages';

/** A text's forms by plural category; `other` is always there, and `one` in all three of the store's languages. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { one: string; other: string };

export type Values = Record<string, string | number>;

/** `text` with each `{name}` replaced by its value; numbers get thousands separators. A name with no value stays as written. */
export function fill(text: string, values: Values = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? groupThousands(value) : value;
  });
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The form of `forms` for `count` in `language`, with `{count}` and the other values filled in. */
export function plural(language: Language, forms: PluralForms, count: number, values: Values = {}): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LANGUAGE_TAGS[language])));
  const form = forms[rules.select(count)] ?? forms.other;
  return fill(form, { count, ...values });
}

/** Everything a page or island needs to speak one language: its texts and how it writes numbers, money, dates and links. */
export type Translator<Texts> = {
  language: Language;
  /** `<html lang>` and `hreflang`: en-UG, lg-UG, sw-UG. */
  tag: string;
  /** The texts: `t.cart.title`. */
  t: Texts;
  fill: typeof fill;
  /** `count(t.cart.items, 3)` → "3 items" */
  count(forms: PluralForms, count: number, values?: Values): string;
  money(value: number | string | null | undefined): string;
  date(iso: string): string;
  dateTime(iso: string): string;
  /** A store path in this language: `path('/cart')` → `/lg/cart` on a Luganda page. */
  path(path: string): string;
};

export function translator<Texts>(language: Language, texts: Texts): Translator<Texts> {
  return {
    language,
    tag: LANGUAGE_TAGS[language],
    t: texts,
    fill,
    count: (forms, count, values) => plural(language, forms, count, values),
    money: (value) => formatUGX(value, language),
    date: (iso) => kampalaDate(iso, language),
    dateTime: (iso) => kampalaDateTime(iso, language),
    path: (path) => pathInLanguage(language, path),
  };
}

/** A catalogue's shape with every text as `string`: what the other languages must fill (English spec texts are literal types). */
export type Shape<T> = T extends string ? string : { [K in keyof T]: Shape<T[K]> };
