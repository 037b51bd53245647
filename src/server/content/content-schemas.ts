/**
 * One zod schema per kind of content, checked when a marketer saves. A draft may be unfinished (a title still
 * empty), so it is checked only for shape and size; publishing checks everything, so a page that would
 * reach shoppers broken is refused with a message naming the field. A translation of the contact details
 * holds only their words (address and city): the numbers and the email are kept once, in English.
 */
import { z } from 'zod';
import { CONTENT_LIMITS as LIMITS, type ContentByKind, type ContentKind, type TranslationByKind } from '../../lib/site-content';
import type { Language } from '../../lib/i18n/languages';
import { Invalid } from '../errors';
import { zodRefusal } from '../input-refusals';
import { CONTENT_SAFETY_MESSAGES } from '../../lib/messages/content-safety-messages';

/** Says "is required" for a missing field and "must be ..." for a wrong type, instead of zod's generic text. */
const typeError = (expected: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${expected}`);

const text = (max: number) =>
  z
    .string({ error: typeError('text') })
    .trim()
    .max(max, `must be at most ${max} characters`);
/** Text a published page must have: not empty, at most `max` characters. */
const filled = (max: number) => text(max).min(1, 'must not be empty');
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { error: typeError(`a list of ${what}`) }).max(max, `must list at most ${max} ${what}`);

/**
 * Raw HTML would bypass the page's styles and could carry scripts; the editor writes Markdown only, in drafts
 * too. Anything shaped like a tag or a comment is refused, even escaped (`\<img …>`), so no draft holds one for
 * a later renderer or preview to get wrong; autolinks (`<https://…>`) are links, checked with the others.
 */
const RAW_HTML = /<\/?[a-zA-Z][^>]*>|<!--|<!\[CDATA\[|<\?/;
const AUTOLINK = /<[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*>/g;
const markdown = (max: number) => text(max).refine((value) => !RAW_HTML.test(value.replace(AUTOLINK, '')), { error: CONTENT_SAFETY_MESSAGES.rawHtml });

function pageSchema(strict: boolean) {
  const line = strict ? filled : text;
  return z.strictObject({
    title: strict ? filled(LIMITS.title.max).min(LIMITS.title.min, `must be at least ${LIMITS.title.min} characters`) : text(LIMITS.title.max),
    description: strict
      ? filled(LIMITS.description.max).min(
          LIMITS.description.min,
          `must be at least ${LIMITS.description.min} characters (search engines show it under the link)`,
        )
      : text(LIMITS.description.max),
    heading: text(LIMITS.heading)
      .optional()
      .transform((value) => value || undefined),
    order: z
      .number({ error: typeError('a number') })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(10_000, 'must be at most 10000'),
    body: markdown(LIMITS.body),
    faqs: list(z.strictObject({ question: line(LIMITS.question), answer: line(LIMITS.answer) }), LIMITS.faqs, 'questions')
      .optional()
      .transform((value) => (value?.length ? value : undefined)),
    highlights: list(z.strictObject({ title: line(LIMITS.highlightTitle), text: line(LIMITS.highlightText) }), LIMITS.highlights, 'tiles')
      .optional()
      .transform((value) => (value?.length ? value : undefined)),
  });
}

function promotionsSchema(strict: boolean) {
  const line = strict ? filled : text;
  return z.strictObject({
    tiles: list(z.strictObject({ title: line(LIMITS.tileTitle), text: line(LIMITS.tileText), href: line(300) }), LIMITS.tiles.max, 'tiles').min(
      strict ? LIMITS.tiles.min : 0,
      `must list at least ${LIMITS.tiles.min} tile`,
    ),
    banners: list(
      z.strictObject({ title: line(LIMITS.bannerTitle), text: line(LIMITS.bannerText), href: line(300), image: line(300) }),
      LIMITS.banners,
      'banners',
    ),
  });
}

function contactWordsSchema(strict: boolean) {
  const line = strict ? filled : text;
  return z.strictObject({ address: line(LIMITS.contactLine), city: line(60) });
}

function contactSchema(strict: boolean) {
  const line = strict ? filled : text;
  return contactWordsSchema(strict).extend({
    phone: line(40).refine((value) => !strict || /^\+?[\d ]{7,20}$/.test(value), { error: 'must be a phone number such as +256 700 123 456' }),
    whatsapp: line(40).refine((value) => !strict || /^\+?[\d ]{7,20}$/.test(value), { error: 'must be a phone number such as +256 770 123 456' }),
    email: line(LIMITS.contactLine).refine((value) => !strict || z.email().safeParse(value).success, { error: 'must be an email address' }),
  });
}

const SCHEMAS = {
  draft: { page: pageSchema(false), promotions: promotionsSchema(false), contact: contactSchema(false) },
  publish: { page: pageSchema(true), promotions: promotionsSchema(true), contact: contactSchema(true) },
} as const;

const TRANSLATION_SCHEMAS = {
  draft: { ...SCHEMAS.draft, contact: contactWordsSchema(false) },
  publish: { ...SCHEMAS.publish, contact: contactWordsSchema(true) },
} as const;

type Purpose = 'draft' | 'publish';

function parsed<T>(schema: z.ZodType, content: unknown): T {
  const result = schema.safeParse(content);
  if (!result.success) throw new Invalid(zodRefusal(result.error));
  return result.data as T;
}

/**
 * The content checked for a draft (shape and size only) or for publishing (everything), with its text
 * trimmed; a problem is refused as Invalid naming the field ("title: must be at least 5 characters").
 */
export function checkContent<K extends ContentKind>(kind: K, content: unknown, purpose: Purpose): ContentByKind[K] {
  return parsed<ContentByKind[K]>(SCHEMAS[purpose][kind], content);
}

/** The content of a document in `language` checked as `checkContent` does: English whole, a translation as TranslationByKind. */
export function checkContentIn<K extends ContentKind>(
  language: Language,
  kind: K,
  content: unknown,
  purpose: Purpose,
): TranslationByKind[K] | ContentByKind[K] {
  return language === 'en' ? checkContent(kind, content, purpose) : parsed<TranslationByKind[K]>(TRANSLATION_SCHEMAS[purpose][kind], content);
}
