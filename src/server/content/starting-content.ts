/**
 * The content a new store starts with: the static pages' Markdown files in src/content/pages (the file name
 * is the address: sell.md is /sell; the frontmatter holds the title, description and the rest, `updated` the
 * date it was written), and the header's promotions and the contact details as they were in code. Also the
 * way back: a page as a Markdown file again, for `npm run pages:export`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { STORE } from '../../lib/store';
import { CONTENT_KEYS, type ContactDetails, type ContentKind, type PageContent, type Promotions } from '../../lib/site-content';
import { checkContent } from './content-schemas';

export const PAGES_DIR = path.resolve(process.cwd(), 'src/content/pages');

export type StartingDocument = { key: string; kind: ContentKind; content: PageContent | Promotions | ContactDetails; publishedAt: Date };

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const SLUG = /^[a-z0-9-]+$/;

/** A page file's content and the date its frontmatter says it was updated; a mistake names the file and field. */
export function parsePageFile(fileName: string, source: string): { content: PageContent; updated: Date } {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${fileName}: must start with frontmatter between --- lines`);
  const { updated, ...frontmatter } = (parse(match[1]!) ?? {}) as Record<string, unknown>;
  const updatedAt = new Date(String(updated));
  if (Number.isNaN(updatedAt.getTime())) throw new Error(`${fileName}: updated must be a date written as YYYY-MM-DD`);
  try {
    return { content: checkContent('page', { ...frontmatter, body: match[2]!.trim() }, 'publish'), updated: updatedAt };
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

const STARTING_PROMOTIONS: Promotions = {
  tiles: [
    { title: 'Flash Sales', text: 'up to 70% off', href: '/products?home_section_1=1' },
    { title: 'Free Delivery', text: 'in central Kampala', href: '/buyer-protection' },
  ],
  banners: [],
};

const STARTING_CONTACT: ContactDetails = { address: STORE.address, city: STORE.city, phone: STORE.phone, whatsapp: STORE.whatsapp, email: STORE.email };

/** Every starting document: each page file, the promotions and the contact details. */
export async function startingDocuments(): Promise<StartingDocument[]> {
  const files = (await readdir(PAGES_DIR)).filter((name) => name.endsWith('.md')).sort();
  const pages = await Promise.all(
    files.map(async (fileName) => {
      const key = fileName.slice(0, -'.md'.length);
      if (!SLUG.test(key)) throw new Error(`${fileName}: a page's file name must be lower-case letters, digits and dashes`);
      const { content, updated } = parsePageFile(fileName, await readFile(path.join(PAGES_DIR, fileName), 'utf8'));
      return { key, kind: 'page' as const, content, publishedAt: updated };
    }),
  );
  const since = new Date('2026-01-01T00:00:00Z');
  return [
    ...pages,
    { key: CONTENT_KEYS.promotions, kind: 'promotions', content: STARTING_PROMOTIONS, publishedAt: since },
    { key: CONTENT_KEYS.contact, kind: 'contact', content: STARTING_CONTACT, publishedAt: since },
  ];
}
