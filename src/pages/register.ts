import type { APIRoute } from 'astro';
import { redirectTo } from '~/server/http/redirect';
import { languageOfPath, pathInLanguage } from '~/lib/i18n/languages';

/** The spec's short address: to the page under /auth, in the language of the address asked for (/lg/register → /lg/auth/register). */
export const GET: APIRoute = ({ url, originPathname }) => redirectTo(`${pathInLanguage(languageOfPath(originPathname), '/auth/register')}${url.search}`);
