import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';

// Built once at build time: the static pages as HTML for Pagefind's index (src/integrations/static-page-search.ts
// reads this file, indexes it and removes it).
export const prerender = true;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async () => {
  const pages = await getCollection('pages');
  const documents = pages.map((page) => {
    const { title, heading, description, faqs = [], highlights = [] } = page.data;
    const extra = [
      ...highlights.map((tile) => `<h2>${escapeHtml(tile.title)}</h2><p>${escapeHtml(tile.text)}</p>`),
      ...faqs.map((faq) => `<h2>${escapeHtml(faq.question)}</h2><p>${escapeHtml(faq.answer)}</p>`),
    ].join('');
    return { url: `/${page.id}`, title: heading ?? title, description, html: `${page.rendered?.html ?? ''}${extra}` };
  });
  return new Response(JSON.stringify(documents), { headers: { 'Content-Type': 'application/json' } });
};
