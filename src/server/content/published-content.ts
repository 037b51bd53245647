/**
 * What shoppers read of the marketers' content, in the language of their page: each static page, the home
 * promotions and the contact details as published in that language, or in English while that language has no
 * published version. Each answer says which language its words are in, so a page can mark English text
 * (`lang`) and say it is not translated yet. Cached until a publish drops it (content-store.ts): a publish in
 * a language drops that language's reads, an English one every language's.
 */
import { cached, TTL } from '../cache/ttl-cache';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages';
import { CONTENT_KEYS, type ContactDetails, type ContactWords, type PageContent, type Promotions } from '../../lib/site-content';
import { contentReads, publishedRows, type PublishedRow } from './content-store';

/** A static page as shoppers in some language see it; `language` is the language of its words (English when not translated). */
export type PublishedPage = { key: string; content: PageContent; published_at: Date; language: Language };

/** Content with the language its words are in. */
export type InLanguage<T> = T & { language: Language };

/** The published rows a page in `language` may show: that language's and English. */
function rowsFor(language: Language): Promise<PublishedRow[]> {
  return cached(`${contentReads(language)}rows`, TTL.categories, () => publishedRows([...new Set([DEFAULT_LANGUAGE, language])]));
}

/** Each English row with the row of `language` that replaces it, when there is one. */
async function preferred(language: Language): Promise<{ english: PublishedRow; shown: PublishedRow }[]> {
  const rows = await rowsFor(language);
  const own = new Map(rows.filter((row) => row.language === language).map((row) => [row.key, row]));
  return rows.filter((row) => row.language === DEFAULT_LANGUAGE).map((english) => ({ english, shown: own.get(english.key) ?? english }));
}

/** Every static page as shoppers in `language` see it, in the editors' (English) order. */
export function publishedPages(language: Language = DEFAULT_LANGUAGE): Promise<PublishedPage[]> {
  return cached(`${contentReads(language)}pages`, TTL.categories, async () =>
    (await preferred(language))
      .filter(({ english }) => english.kind === 'page')
      .sort((a, b) => (a.english.content as PageContent).order - (b.english.content as PageContent).order || a.english.key.localeCompare(b.english.key))
      .map(({ shown }) => ({ key: shown.key, content: shown.content as PageContent, published_at: shown.published_at, language: shown.language })),
  );
}

/** One static page as shoppers in `language` see it, or null when there is no such page. */
export async function publishedPage(key: string, language: Language = DEFAULT_LANGUAGE): Promise<PublishedPage | null> {
  return (await publishedPages(language)).find((page) => page.key === key) ?? null;
}

async function publishedSingle(key: string, language: Language): Promise<{ english: PublishedRow; shown: PublishedRow }> {
  const found = (await preferred(language)).find(({ english }) => english.key === key);
  if (!found) throw new Error(`The store has no ${key}: the starting content was not added`);
  return found;
}

/** The header's promotion tiles and the home page's banners, as published in `language` (or in English). */
export async function publishedPromotions(language: Language = DEFAULT_LANGUAGE): Promise<InLanguage<Promotions>> {
  const { shown } = await publishedSingle(CONTENT_KEYS.promotions, language);
  return { ...(shown.content as Promotions), language: shown.language };
}

/** The company's contact details: the numbers and email as published (in English), the words in `language` when translated. */
export async function publishedContact(language: Language = DEFAULT_LANGUAGE): Promise<InLanguage<ContactDetails>> {
  const { english, shown } = await publishedSingle(CONTENT_KEYS.contact, language);
  const { address, city } = shown.content as ContactWords;
  return { ...(english.content as ContactDetails), address, city, language: shown.language };
}
