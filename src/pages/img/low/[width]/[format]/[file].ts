import type { APIRoute } from 'astro';
import { variantReply } from '~/server/http/image-replies';

export const prerender = false;

/** The same pictures at a lower quality, for data-saver mode (src/lib/data-saver.ts). */
export const GET: APIRoute = ({ params }) => variantReply(params, 'low');
