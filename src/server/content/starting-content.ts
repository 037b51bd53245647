/**
 * The content a new store starts with: the static pages' Markdown files in src/content/pages (the file name
 * is the address: sell.md is /sell; the frontmatter holds the title, description and the rest, `updated` the
 * date it was written), their translations in src/content/pages/lg and /sw (same file names; a page without
 * one shows the English in that language), and the header's promotions and the contact details in each
 * language. Also the way back: a page as a Markdown file again, for `npm run pages:export`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { STORE } from '../../lib/store';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../lib/i18n/languages';
import {
  CONTENT_KEYS,
  type AnyContent,
  type ContactDetails,
  type ContactWords,
  type ContentKind,
  type PageContent,
  type Promotions,
} from '../../lib/site-content';
import { checkContent } from './content-schemas';

export const PAGES_DIR = path.resolve(process.cwd(), 'src/content/pages');

/** Where a language's page files are: src/content/pages for English, src/content/pages/lg for Luganda ... */
export const pagesDirOf = (language: Language, root = PAGES_DIR) => (language === DEFAULT_LANGUAGE ? root : path.join(root, language));

export type StartingDocument = { key: string; language: Language; kind: ContentKind; content: AnyContent; publishedAt: Date };

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const SLUG = /^[a-z0-9-]+$/;

/**
 * A page file's content and the date its frontmatter says it was updated; a mistake names the file and field.
 * `defaults` fill what the file leaves out (a translation takes its `order` from the English page).
 */
export function parsePageFile(fileName: string, source: string, defaults: Partial<PageContent> = {}): { content: PageContent; updated: Date } {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${fileName}: must start with frontmatter between --- lines`);
  const { updated, ...frontmatter } = (parse(match[1]!) ?? {}) as Record<string, unknown>;
  const updatedAt = new Date(String(updated));
  if (Number.isNaN(updatedAt.getTime())) throw new Error(`${fileName}: updated must be a date written as YYYY-MM-DD`);
  try {
    return { content: checkContent('page', { ...defaults, ...frontmatter, body: match[2]!.trim() }, 'publish'), updated: updatedAt };
  } catch (error) {
    throw new Error(`${fileName}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** A page as its Markdown file: frontmatter (with `updated` as the publish date) and the text. */
export function pageFile(content: PageContent, publishedAt: Date): string {
  const { body, ...fields } = content;
  const frontmatter = { title: fields.title, heading: fields.heading, description: fields.description, updated: publishedAt.toISOString().slice(0, 10) };
  // The database keeps objects' keys in its own order; the file keeps the order people read them in.
  const highlights = fields.highlights?.map((tile) => ({ title: tile.title, text: tile.text }));
  const faqs = fields.faqs?.map((faq) => ({ question: faq.question, answer: faq.answer }));
  const rest = { order: fields.order, highlights, faqs };
  const defined = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
  return `---\n${stringify({ ...defined(frontmatter), ...defined(rest) }, { lineWidth: 0 })}---\n\n${body.trim()}\n`;
}

const STARTING_PROMOTIONS: Record<Language, Promotions> = {
  en: {
    tiles: [
      { title: 'Flash Sales', text: 'up to 70% off', href: '/products?home_section_1=1' },
      { title: 'Free Delivery', text: 'in central Kampala', href: '/buyer-protection' },
    ],
    banners: [],
  },
  lg: {
    tiles: [
      { title: "Seeru z'akaseera", text: 'ebbeeyi wansi okutuuka ku 70%', href: '/products?home_section_1=1' },
      { title: 'Tukuleetera bwereere', text: 'mu makkati ga Kampala', href: '/buyer-protection' },
    ],
    banners: [],
  },
  sw: {
    tiles: [
      { title: 'Ofa za Muda Mfupi', text: 'punguzo hadi 70%', href: '/products?home_section_1=1' },
      { title: 'Usafirishaji Bure', text: 'katikati ya Kampala', href: '/buyer-protection' },
    ],
    banners: [],
  },
};

const STARTING_CONTACT: ContactDetails = { address: STORE.address, city: STORE.city, phone: STORE.phone, whatsapp: STORE.whatsapp, email: STORE.email };

/** The contact details' words in the other languages (the numbers and the email are the English ones). */
const STARTING_CONTACT_WORDS: Record<Exclude<Language, 'en'>, ContactWords> = {
  lg: { address: 'Poloti 24, Kampala Road, Kampala, Uganda', city: 'Kampala' },
  sw: { address: 'Kiwanja Na. 24, Kampala Road, Kampala, Uganda', city: 'Kampala' },
};

/** The page files of one language, keyed by address; a translation must translate a page that exists in English. */
async function pageFilesOf(language: Language, english: Map<string, PageContent>): Promise<StartingDocument[]> {
  const folder = pagesDirOf(language);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (fileName) => {
      const key = fileName.slice(0, -'.md'.length);
      const shown = language === DEFAULT_LANGUAGE ? fileName : `${language}/${fileName}`;
      if (!SLUG.test(key)) throw new Error(`${shown}: a page's file name must be lower-case letters, digits and dashes`);
      const original = english.get(key);
      if (language !== DEFAULT_LANGUAGE && !original) throw new Error(`${shown}: translates a page that has no English file (${fileName})`);
      const defaults = original ? { order: original.order } : {};
      const { content, updated } = parsePageFile(shown, await readFile(path.join(folder, fileName), 'utf8'), defaults);
      return { key, language, kind: 'page' as const, content, publishedAt: updated };
    }),
  );
}

/** Every starting document: each page file in each language, the promotions and the contact details; English first. */
export async function startingDocuments(): Promise<StartingDocument[]> {
  const englishPages = await pageFilesOf(DEFAULT_LANGUAGE, new Map());
  const english = new Map(englishPages.map((page) => [page.key, page.content as PageContent]));
  const since = new Date('2026-01-01T00:00:00Z');
  const documents: StartingDocument[] = [
    ...englishPages,
    { key: CONTENT_KEYS.promotions, language: DEFAULT_LANGUAGE, kind: 'promotions', content: STARTING_PROMOTIONS.en, publishedAt: since },
    { key: CONTENT_KEYS.contact, language: DEFAULT_LANGUAGE, kind: 'contact', content: STARTING_CONTACT, publishedAt: since },
  ];
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    documents.push(
      ...(await pageFilesOf(language, english)),
      { key: CONTENT_KEYS.promotions, language, kind: 'promotions', content: STARTING_PROMOTIONS[language], publishedAt: since },
      { key: CONTENT_KEYS.contact, language, kind: 'contact', content: STARTING_CONTACT_WORDS[language], publishedAt: since },
    );
  }
  return documents;
}
