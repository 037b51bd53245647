import { endpoint } from '~/server/http/errors';
import { fail } from '~/server/http/envelope';
import { API_MESSAGES } from '~/lib/messages/api-messages';

/** Unknown API paths answer in the envelope, not with the HTML 404 page. */
export const ALL = endpoint(async () => fail(404, API_MESSAGES.notFound));
