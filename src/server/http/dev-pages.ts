/**
 * The developer pages (spec section 2: /toast-demo, /api-test, /test, /integration-status): on under
 * `astro dev`, and in a built store only when DEV_PAGES=1. They are never linked and never indexed.
 */
export function devPagesEnabled(): boolean {
  return import.meta.env.DEV || process.env.DEV_PAGES === '1';
}
