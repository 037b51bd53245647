/**
 * What marketers edit in the browser — the static pages, the home promotions and the contact details — as
 * plain types and limits shared by the server (which checks them with zod) and the editor (which shows them).
 * Each document has an English version and may have a Luganda and a Swahili one; a language without a
 * published version shows the English.
 */
import type { Language } from './i18n/languages';

/** A static page at /{key}: Sell, Help, FAQ, About ... */
export type PageContent = {
  /** The <title> and the page's h1 unless `heading` is set. */
  title: string;
  /** The meta description shown under the link in search results. */
  description: string;
  /** A visible h1 when it should differ from the <title>. */
  heading?: string;
  /** Position in listings, smallest first. */
  order: number;
  /** The page's text, in Markdown. */
  body: string;
  /** Questions and answers, also published to search engines as FAQ data. */
  faqs?: { question: string; answer: string }[];
  /** Short tiles shown above the text. */
  highlights?: { title: string; text: string }[];
};

/** A promotion tile in the header (Flash Sales, Free Delivery). */
export type PromotionTile = { title: string; text: string; href: string };

/** A wide banner at the top of the home page, with a picture from the store's uploads. */
export type HomeBanner = { title: string; text: string; href: string; image: string };

export type Promotions = { tiles: PromotionTile[]; banners: HomeBanner[] };

/** The company's contact details, in the footer and the store's structured data. */
export type ContactDetails = { address: string; city: string; phone: string; whatsapp: string; email: string };

/**
 * The contact details' words, what a translation of them holds: the phone numbers and the email are the same
 * in every language, so they are kept once, in English.
 */
export type ContactWords = Pick<ContactDetails, 'address' | 'city'>;

export type ContentKind = 'page' | 'promotions' | 'contact';

/** The keys of the two documents that are not pages (a page's key is its slug). */
export const CONTENT_KEYS = { promotions: 'home-promotions', contact: 'contact-details' } as const;

export type ContentByKind = { page: PageContent; promotions: Promotions; contact: ContactDetails };

/** What a translation (Luganda, Swahili) of each kind holds. */
export type TranslationByKind = { page: PageContent; promotions: Promotions; contact: ContactWords };

/** A document's content in some language: English holds all of it, a translation of the contact details only its words. */
export type AnyContent = ContentByKind[ContentKind] | ContactWords;

/**
 * A document in one language as an editor sees it: what is live, the draft if any, and the version to save
 * against. A translation nobody has saved yet has version 0 and nothing published.
 */
export type ContentDocument = {
  key: string;
  kind: ContentKind;
  language: Language;
  /** What the editor's list calls it: a page's English title, or "Home promotions" / "Contact details". */
  name: string;
  /** What shoppers in this language see; null for a translation not yet published (they see the English). */
  published: AnyContent | null;
  published_at: string | null;
  /** How many versions of this language were published (0: none yet). */
  published_number: number;
  draft: AnyContent | null;
  draft_saved_at: string | null;
  version: number;
  changed_at: string | null;
  /** For a translation: the English as published, which shoppers see until the translation is published. Null in English. */
  english: AnyContent | null;
};

/** Whether shoppers in a language see its own version of a document or the English. */
export function isTranslated(document: Pick<ContentDocument, 'language' | 'published'>): boolean {
  return document.language === 'en' || document.published !== null;
}

/** Lengths the server enforces; the editor shows them beside the fields. */
export const CONTENT_LIMITS = {
  title: { min: 5, max: 70 },
  description: { min: 50, max: 160 },
  heading: 120,
  body: 40_000,
  faqs: 80,
  question: 200,
  answer: 1_500,
  highlights: 8,
  highlightTitle: 40,
  highlightText: 200,
  tiles: { min: 1, max: 3 },
  tileTitle: 24,
  tileText: 40,
  banners: 3,
  bannerTitle: 60,
  bannerText: 140,
  contactLine: 120,
} as const;

/** The page's text as Markdown pictures point at stored uploads: `![description](/storage/images/<file>)`. */
export const UPLOADED_IMAGE_PATH = '/storage/images/';
