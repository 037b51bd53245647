/**
 * Searching the static pages on the server: the Help page's answer when the browser runs no script
 * (with scripts, the Help search island asks the Pagefind index instead). Every word must appear.
 */
import { getCollection } from 'astro:content';
import { searchWords } from '../../lib/search-words';
import type { PageHit } from '../../lib/page-hit';

const EXCERPT_RADIUS = 90;
const MAX_HITS = 8;

/** Markdown to plain words: enough for matching and a readable excerpt. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_>`|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function excerptAround(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  const start = Math.max(0, at - EXCERPT_RADIUS);
  const end = Math.min(text.length, Math.max(at, 0) + EXCERPT_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export async function searchStaticPages(term: string): Promise<PageHit[]> {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const pages = await getCollection('pages');
  return pages
    .map((page) => {
      const { title, heading, description, faqs = [], highlights = [] } = page.data;
      const text = plainText(
        [description, page.body ?? '', ...highlights.map((h) => `${h.title}. ${h.text}`), ...faqs.map((f) => `${f.question} ${f.answer}`)].join(' '),
      );
      const haystack = `${title} ${text}`.toLowerCase();
      const matched = words.every((word) => haystack.includes(word));
      const titleMatches = words.filter((word) => title.toLowerCase().includes(word)).length;
      return { matched, titleMatches, order: page.data.order, hit: { url: `/${page.id}`, title: heading ?? title, excerpt: excerptAround(text, words[0]!) } };
    })
    .filter((entry) => entry.matched)
    .sort((a, b) => b.titleMatches - a.titleMatches || a.order - b.order)
    .slice(0, MAX_HITS)
    .map((entry) => entry.hit);
}
