import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { addSynonym, listSynonyms } from '~/server/search/synonyms';
import { SEARCH_MESSAGES } from '~/lib/messages/search-messages';

/** GET search-synonyms: every shopper's word search reads as English words (administrators). */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await listSynonyms(), SEARCH_MESSAGES.synonymsRetrieved, { headers: privateNoStore });
});

/** POST search-synonyms {term, means, language}: administrators add a word; searches read it at once on every instance. */
export const POST = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await addSynonym(await readBody(request)), SEARCH_MESSAGES.synonymAdded, { status: 201, headers: privateNoStore });
});
