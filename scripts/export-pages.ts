/**
 * Writes the static pages as they are published now back to Markdown files, for a review in git:
 *
 *   npm run pages:export [-- --out DIR]      (default src/content/pages, the starting content)
 *
 * Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default data/pglite) like the server does; with PGlite,
 * stop the store first (one process per data folder). Each page becomes <key>.md with its frontmatter and
 * text, its published translations lg/<key>.md and sw/<key>.md; `updated` is the day it was last published.
 * Drafts are not written.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDatabase } from '../src/server/db/client';
import { DataFolderInUseError } from '../src/server/db/data-folder-lock';
import { addStartingContent } from '../src/server/content/content-store';
import { publishedPages } from '../src/server/content/published-content';
import { pageFile, pagesDirOf, PAGES_DIR } from '../src/server/content/starting-content';
import { LANGUAGES } from '../src/lib/i18n/languages';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const folder = path.resolve(values.out ?? PAGES_DIR);
  // A database from before the pages moved into it gets its starting content first, as the store would.
  await addStartingContent();
  let written = 0;
  for (const language of LANGUAGES) {
    // A language's pages as published in it: the English a translation falls back to is not its text.
    const pages = (await publishedPages(language)).filter((page) => page.language === language);
    const languageFolder = pagesDirOf(language, folder);
    await mkdir(languageFolder, { recursive: true });
    for (const page of pages) await writeFile(path.join(languageFolder, `${page.key}.md`), pageFile(page.content, page.published_at));
    written += pages.length;
  }
  console.log(`Wrote ${written} pages (with their translations) to ${path.relative(process.cwd(), folder) || '.'}`);
  return 0;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof DataFolderInUseError ? error.message : error);
    return 1;
  })
  .then(async (code) => {
    await closeDatabase().catch(() => {});
    process.exit(code);
  });
