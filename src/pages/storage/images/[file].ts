import type { APIRoute } from 'astro';
import { readStoredImage } from '~/server/media/storage';

const DAY_SECONDS = 24 * 60 * 60;

export const GET: APIRoute = async ({ params }) => {
  const image = await readStoredImage(params.file);
  if (!image) return new Response('Image not found', { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      'Content-Type': image.contentType,
      // A fallback must not be cached for long: the real image may be uploaded soon.
      'Cache-Control': image.fallback ? 'public, max-age=300' : `public, max-age=${7 * DAY_SECONDS}`,
    },
  });
};
