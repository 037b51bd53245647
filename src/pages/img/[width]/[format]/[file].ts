import type { APIRoute } from 'astro';
import { variantReply } from '~/server/http/image-replies';

export const prerender = false;

export const GET: APIRoute = ({ params }) => variantReply(params, 'standard');
