import { endpoint } from '~/server/http/errors';
import { fail } from '~/server/http/envelope';
import { message } from '~/lib/messages/message';

/** Unknown API paths answer in the envelope, not with the HTML 404 page. */
export const ALL = endpoint(async () => fail(404, message('api', 'notFound')));
