import type { APIRoute } from 'astro';
import { fail } from '~/server/http/envelope';
import { messages } from '~/lib/messages';

/** Unknown API paths answer in the envelope, not with the HTML 404 page. */
export const ALL: APIRoute = () => fail(404, messages.notFound);
