import type { APIRoute } from 'astro';
import { readVariant } from '~/server/media/variants';

export const prerender = false;

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

export const GET: APIRoute = async ({ params }) => {
  const variant = await readVariant(params.width ?? '', params.format ?? '', params.file ?? '');
  if (!variant) return new Response('No such image size or format', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(variant.body), {
    headers: {
      'Content-Type': variant.contentType,
      // A fallback must not be cached for long: the real image may be uploaded soon.
      'Cache-Control': variant.fallback ? 'public, max-age=300' : `public, max-age=${THIRTY_DAYS_SECONDS}`,
    },
  });
};
