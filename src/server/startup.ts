/**
 * Gets the store ready before it answers anyone: the stored files' folder or bucket, migrations (in openDatabase), on PostgreSQL a connection that
 * hears the other store instances' cache purges, the demo catalogue on an empty database, each picture's
 * stand-in size (made in the background), the search vocabulary, the starting content of the static pages (and
 * their search index, rebuilt when another instance publishes), the administrator and marketer named by the
 * environment, then a warm-up that reads what the first visitors will ask for, so nobody waits on a cold PGlite
 * or an empty cache.
 * It sits above the services and the demo data because it calls them; the database layer calls neither.
 */
import { sql } from 'drizzle-orm';
import { joinInstances, onAnnouncedChange } from './cache/purge';
import { getDatabaseHandle } from './db/client';
import { isDatabaseEmpty, seedDatabase } from './demo-data/index';
import { listCategories } from './catalog/categories';
import { listProducts } from './catalog/products';
import { parseProductQuery } from './catalog/product-query';
import { buildManifest } from './manifest/manifest';
import { refreshSearchIndex, searchIndexIsEmpty } from './search/product-search';
import { ADMIN_ACCOUNT, ensureNamedAccount } from './accounts/accounts';
import { MARKETER_ACCOUNT } from './accounts/marketers';
import { addStartingContent, CONTENT_READS } from './content/content-store';
import { rebuildPageSearchIndex } from './content/page-search-index';
import { loadSigningKey } from './http/store-signature';
import { prepareStandIns } from './media/variants';
import { log as storeLog } from './log';
import { openStorage } from './media/storage';
import { config } from './config';

type Log = (line: string) => void;

/** Prepares the database and warms the caches, logging each step through `log`. */
export async function prepareDatabase({ log }: { log: Log }): Promise<void> {
  // Pictures go to the folder or the bucket chosen now; wrong bucket settings stop the start here, said plainly.
  const files = await openStorage();
  log(`Stored files: ${files.location}`);
  const started = Date.now();
  const handle = await getDatabaseHandle();
  const { db, driver } = handle;
  if (handle.connectOutsidePool) {
    // Several store processes may share this PostgreSQL: their catalogue and page caches hear each other's writes.
    handle.onClose(await joinInstances(handle.connectOutsidePool));
  }
  log(`Database ready (${driver}) in ${Date.now() - started} ms`);

  if (config.SEED_ON_START && (await isDatabaseEmpty(db))) {
    const products = config.SEED_PRODUCTS;
    log(`Empty database: adding the demo catalogue (${products} products)...`);
    const seeded = Date.now();
    const counts = await seedDatabase(db, { products });
    log(`Demo catalogue added in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  }

  // Each picture's stand-in size, made in the background (one encode at a time, after shoppers' requests).
  const preparing = Date.now();
  void prepareStandIns().then((made) => {
    if (made > 0) log(`Stand-in sizes made for ${made} pictures in ${((Date.now() - preparing) / 1000).toFixed(1)} s`);
  });

  if (await searchIndexIsEmpty(db)) {
    const { words } = await refreshSearchIndex(db);
    if (words > 0) log(`Search vocabulary built: ${words} words`);
    // An empty vocabulary means new data or a migration that rewrote the catalogue; PGlite has no
    // autovacuum, so clear the old row versions and refresh the planner's statistics now.
    await db.execute(sql`VACUUM ANALYZE`);
  }

  const { ADMIN_EMAIL, ADMIN_PASSWORD, MARKETER_EMAIL, MARKETER_PASSWORD } = config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD)
    log(`Administrator ${ADMIN_EMAIL}: ${await ensureNamedAccount(ADMIN_EMAIL.trim().toLowerCase(), ADMIN_PASSWORD, ADMIN_ACCOUNT)}`);
  if (MARKETER_EMAIL && MARKETER_PASSWORD)
    log(`Marketer ${MARKETER_EMAIL}: ${await ensureNamedAccount(MARKETER_EMAIL.trim().toLowerCase(), MARKETER_PASSWORD, MARKETER_ACCOUNT)}`);

  await loadSigningKey(db);

  const startingContent = await addStartingContent();
  if (startingContent > 0) log(`Starting content added: ${startingContent} pages and settings from src/content/pages`);
  // Another instance's publish reaches this one as a purge message: its search index is rebuilt from the database.
  onAnnouncedChange((change) => {
    if (change && !change.reads.some((read) => read.startsWith(CONTENT_READS))) return;
    rebuildPageSearchIndex().catch((error: unknown) => storeLog.error({ err: error }, '[search] the static pages could not be indexed'));
  });
  const indexing = Date.now();
  await rebuildPageSearchIndex();
  log(`Static pages indexed for search in ${Date.now() - indexing} ms`);

  const warming = Date.now();
  await listCategories();
  await listProducts(parseProductQuery(new URLSearchParams()));
  await buildManifest(null);
  log(`Warmed in ${Date.now() - warming} ms`);
}
