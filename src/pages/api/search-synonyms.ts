import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { addSynonym, listSynonyms } from '~/server/search/synonyms';
import { message } from '~/lib/messages/message';

/** GET search-synonyms: every shopper's word search reads as English words (administrators). */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await listSynonyms(), message('search', 'synonymsRetrieved'), { headers: privateNoStore });
});

/** POST search-synonyms {term, means, language}: administrators add a word; searches read it at once on every instance. */
export const POST = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await addSynonym(await readBody(request)), message('search', 'synonymAdded'), { status: 201, headers: privateNoStore });
});
