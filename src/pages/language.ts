import { endpoint } from '~/server/http/errors';
import { switchLanguage } from '~/server/http/language-switch';

export const prerender = false;

/** The header's and footer's language switch: remembers the language and goes to the page in it (src/server/http/language-switch.ts). */
export const POST = endpoint(({ request }) => switchLanguage(request));
