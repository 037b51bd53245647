/** One static page found by the Help page search (from the server or from the Pagefind index). */
export type PageHit = { url: string; title: string; excerpt: string };
