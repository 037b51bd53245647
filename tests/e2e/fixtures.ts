/**
 * Playwright's `test` and `expect` for every end-to-end spec, with one guard added: a test fails when any
 * page it opened logged a console error, threw an uncaught exception, or broke the Content-Security-Policy
 * (the `securitypolicyviolation` event, caught by an init script in every page and frame).
 *
 * A test that causes an error on purpose names it with `pageProblems.allow(/what/)`; an allowance that
 * matches nothing fails the test too, so none outlives its reason. Pages of another browser context
 * (`browser.newPage()`) are watched after `pageProblems.watch(context)`.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';

export { expect };
export type { Page } from '@playwright/test';

type Violation = { directive: string; blockedURI: string; documentURI: string; sample: string };

declare global {
  interface Window {
    __reportPolicyViolation?: (violation: Violation) => void;
  }
}

export type PageProblems = {
  /** Lets problems matching `pattern` through, for errors a test causes on purpose. */
  allow(pattern: RegExp): void;
  /** Watches the pages of a browser context the test made itself. */
  watch(context: BrowserContext): Promise<void>;
};

/**
 * What Chromium logs when a request the page made, or the page itself, fails on purpose: the "Failed to
 * load resource" console error for that path, with the status the store answered (a 404 page, a login
 * refused with 400) or the network error a test caused (e.g. 'net::ERR_INTERNET_DISCONNECTED').
 */
export function failedLoad(failure: number | `net::${string}`, path: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const reason = typeof failure === 'number' ? `the server responded with a status of ${failure} \\([^)]*\\)` : escape(failure);
  return new RegExp(`^console error: Failed to load resource: ${reason} \\(at https?://[^/]+${escape(path)}(\\?[^)]*)?\\)$`);
}

export const test = base.extend<{ pageProblems: PageProblems }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  pageProblems: async ({}, use, testInfo) => {
    const problems: string[] = [];
    const allowances: { pattern: RegExp; used: boolean }[] = [];

    async function watch(context: BrowserContext) {
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        problems.push(`console error: ${message.text()}${url ? ` (at ${url})` : ''}`);
      });
      context.on('weberror', (error) => problems.push(`uncaught exception: ${error.error().message}`));
      await context.exposeBinding('__reportPolicyViolation', (_source, violation: Violation) => {
        problems.push(
          `CSP violation: ${violation.directive} blocked ${violation.blockedURI || '(no address)'} on ${violation.documentURI}${violation.sample ? `: ${violation.sample}` : ''}`,
        );
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__reportPolicyViolation?.({
            directive: event.effectiveDirective,
            blockedURI: event.blockedURI,
            documentURI: event.documentURI,
            sample: event.sample,
          });
        });
      });
    }

    await use({ allow: (pattern) => void allowances.push({ pattern, used: false }), watch });

    const unexpected = problems.filter((problem) => {
      const allowance = allowances.find(({ pattern }) => pattern.test(problem));
      if (allowance) allowance.used = true;
      return !allowance;
    });
    expect(unexpected, 'console errors, uncaught exceptions and CSP violations on the pages this test visited').toEqual([]);
    // A test that stopped early (failed, timed out) may not have reached the error it allows.
    if (testInfo.status !== testInfo.expectedStatus) return;
    const unused = allowances.filter(({ used }) => !used).map(({ pattern }) => String(pattern));
    expect(unused, 'allowed problems that never happened').toEqual([]);
  },

  context: async ({ context, pageProblems }, use) => {
    await pageProblems.watch(context);
    await use(context);
  },
});
