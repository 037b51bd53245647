import type { APIRoute } from 'astro';
import { redirectTo } from '~/server/http/redirect';

export const GET: APIRoute = ({ url }) => redirectTo(`/auth/forgot-password${url.search}`);
