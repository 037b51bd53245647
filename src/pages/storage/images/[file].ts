import type { APIRoute } from 'astro';
import { storedImageReply } from '~/server/http/image-replies';

export const GET: APIRoute = ({ params }) => storedImageReply(params.file);
