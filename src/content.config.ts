import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/*
 * Content collections edited by marketers.
 *
 * Every object is strict (z.strictObject): a misspelt key ("descripton", "faq") fails
 * `astro sync` / `astro build` with the file name and the key, instead of being silently dropped
 * and leaving a page without its meta description or FAQ markup in production.
 */

/** Says "is required" for a missing field and "must be ..." for a wrong type, instead of zod's generic text. */
const typeError = (field: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;

/** Names the unknown keys and lists the allowed ones, so a typo ("descripton") is obvious. */
const strictObject = <Shape extends z.ZodRawShape>(shape: Shape, where: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown field(s) in ${where}: ${issue.keys.join(', ')}. Allowed: ${Object.keys(shape).join(', ')}` : undefined,
  });

/** A short, non-empty line of text; trimmed so stray spaces do not count toward length limits. */
const text = (field: string) =>
  z
    .string({ error: typeError(field, 'text') })
    .trim()
    .min(1, `${field} must not be empty`);

const faq = strictObject(
  {
    question: text('faqs[].question'),
    // Plain text: it is copied as-is into FAQPage JSON-LD, where Markdown would show literally.
    answer: text('faqs[].answer'),
  },
  'a faqs item',
);

const highlight = strictObject(
  {
    title: text('highlights[].title').max(40, 'highlights[].title must be at most 40 characters'),
    text: text('highlights[].text').max(200, 'highlights[].text must be at most 200 characters'),
  },
  'a highlights item',
);

export const pageSchema = strictObject(
  {
    /** The <title> and the page's h1 unless `heading` is set. */
    title: text('title').min(5, 'title must be at least 5 characters').max(70, 'title must be at most 70 characters (search engines cut longer titles)'),
    /** The meta description shown under the link in search results. */
    description: text('description')
      .min(50, 'description must be at least 50 characters')
      .max(160, 'description must be at most 160 characters (search engines cut longer ones)'),
    /** Optional visible h1 when it should differ from the <title>. */
    heading: text('heading').max(120, 'heading must be at most 120 characters').optional(),
    /**
     * When the content last changed (YYYY-MM-DD). The YAML parser turns an impossible date such as
     * 2026-13-45 into a real one months later instead of failing, so a future date is rejected too.
     */
    updated: z.coerce
      .date({ error: typeError('updated', 'a date written as YYYY-MM-DD') })
      .min(new Date('2020-01-01'), 'updated must be 2020-01-01 or later')
      .refine((date) => date.getTime() <= Date.now() + 36 * 3600 * 1000, {
        error: 'updated must not be in the future (check the month and day: YYYY-MM-DD)',
      }),
    /** Position in the footer and help listings, smallest first. */
    order: z
      .number({ error: typeError('order', 'a number') })
      .int('order must be a whole number')
      .nonnegative('order must be 0 or more'),
    /** Questions and answers; the FAQ page also emits them as FAQPage JSON-LD. */
    faqs: z
      .array(faq, { error: typeError('faqs', 'a list of {question, answer} items') })
      .min(1, 'faqs must list at least one question, or be left out')
      .optional(),
    /** Short feature tiles shown above the body (e.g. Buyer Protection's four promises). */
    highlights: z
      .array(highlight, { error: typeError('highlights', 'a list of {title, text} items') })
      .min(1, 'highlights must list at least one tile, or be left out')
      .max(8, 'highlights must list at most 8 tiles')
      .optional(),
  },
  'the frontmatter',
);

export type PageData = z.infer<typeof pageSchema>;

/** Static pages: the file name is the URL slug (src/content/pages/sell.md is /sell). */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: pageSchema,
});

export const collections = { pages };
