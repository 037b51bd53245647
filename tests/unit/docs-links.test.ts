/**
 * The README, ARCHITECTURE.md and the manual (docs/, deploy/README.md) refer only to files in the repository:
 * every relative link opens a file or folder that exists here (and a `#heading` it names is on that page), and
 * every repository path they quote (`src/…`, `tests/…`, `scripts/…`, `docs/…`, `deploy/…`) exists, so a file
 * moved or removed without its documentation fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  'deploy/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The page's text without its fenced code blocks, whose lines are commands and output, not references. */
const prose = (page: string) => readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(page: string): Set<string> {
  const headings = [...readFileSync(page, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) => match[1] ?? '');
  return new Set(
    headings.map((heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- ]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

const inRepository = (target: string) => target === ROOT || target.startsWith(ROOT + path.sep);

/** The targets of a page's links `[text](target)`. */
const linksOf = (page: string) => [...prose(page).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

/** Relative links `[text](target)` of a page that do not resolve to a file or heading in the repository. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const link of linksOf(page)) {
    // Addresses on the web, mail, and the store's own paths (`/help`) are not files.
    if (/^[a-z][a-z+.-]*:/i.test(link) || link.startsWith('/')) continue;
    const [file, heading] = link.split('#');
    const target = file ? path.resolve(path.dirname(page), file) : path.resolve(page);
    if (!inRepository(target) || !existsSync(target)) broken.push(`${page}: ${link}`);
    else if (heading && target.endsWith('.md') && !anchors(target).has(heading)) broken.push(`${page}: ${link} (no such heading)`);
  }
  return broken;
}

/** Repository paths quoted in backticks that do not exist; a path with a placeholder (`{id}`, `<file>`, `*`, `…`) is a pattern, not a file. */
function missingPaths(page: string): string[] {
  const quoted = [...prose(page).matchAll(/`((?:src|tests|scripts|docs|deploy)\/[^`\s]*)`/g)].map((match) => match[1] ?? '');
  return quoted.filter((quoted) => !/[{}<>*…]/.test(quoted) && !existsSync(path.resolve(quoted))).map((quoted) => `${page}: ${quoted}`);
}

describe('the documentation', () => {
  it('links only to files and headings that exist in the repository', () => {
    expect(PAGES.flatMap(brokenLinks)).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(PAGES.flatMap(missingPaths)).toEqual([]);
  });

  it('points at nothing outside the repository', () => {
    const outside = PAGES.flatMap((page) => [...prose(page).matchAll(/(?:\.\.\/)+shared\/\S+|\/work\/\S+/g)].map(([found]) => `${page}: ${found}`));
    expect(outside).toEqual([]);
  });

  it('finds the pages and links it checks', () => {
    // A change in how pages or links are written must not leave this test checking nothing.
    expect(PAGES.length).toBeGreaterThan(8);
    expect(PAGES.flatMap(linksOf).length).toBeGreaterThan(30);
  });
});
