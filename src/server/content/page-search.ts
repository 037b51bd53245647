/**
 * Searching the static pages on the server: the Help page's answer when the browser runs no script
 * (with scripts, the Help search island asks the Pagefind index instead). Every word must appear. It searches
 * the pages as shoppers in the Help page's language see them: their translations, and the English of pages
 * not translated yet; each hit leads to the page in that language.
 */
import { searchWords } from '../../lib/search-words';
import type { PageHit } from '../../lib/page-hit';
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from '../../lib/i18n/languages';
import { publishedPages } from './published-content';
import { plainText } from './markdown';

const EXCERPT_RADIUS = 90;
const MAX_HITS = 8;

function excerptAround(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  const start = Math.max(0, at - EXCERPT_RADIUS);
  const end = Math.min(text.length, Math.max(at, 0) + EXCERPT_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The static pages in `language` (or their English) that mention every word of `term`, best first. */
export async function searchStaticPages(term: string, language: Language = DEFAULT_LANGUAGE): Promise<PageHit[]> {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const pages = await publishedPages(language);
  return pages
    .map((page) => {
      const { title, heading, description, body, order, faqs = [], highlights = [] } = page.content;
      const text = plainText([description, body, ...highlights.map((h) => `${h.title}. ${h.text}`), ...faqs.map((f) => `${f.question} ${f.answer}`)].join(' '));
      const haystack = `${title} ${text}`.toLowerCase();
      const matched = words.every((word) => haystack.includes(word));
      const titleMatches = words.filter((word) => title.toLowerCase().includes(word)).length;
      return {
        matched,
        titleMatches,
        order,
        hit: { url: pathInLanguage(language, `/${page.key}`), title: heading ?? title, excerpt: excerptAround(text, words[0]!) },
      };
    })
    .filter((entry) => entry.matched)
    .sort((a, b) => b.titleMatches - a.titleMatches || a.order - b.order)
    .slice(0, MAX_HITS)
    .map((entry) => entry.hit);
}
