/**
 * The reply of the pre-sized picture routes (/img/{width}/{format}/{file} and its lower-quality twin under
 * /img/low/): the picture, kept by browsers and CDNs for 30 days, or a brief 404.
 */
import { readVariant, type ImageQuality } from '../media/variants';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** The variant named by a route's parameters at `quality`. */
export async function variantReply(params: Record<string, string | undefined>, quality: ImageQuality): Promise<Response> {
  const variant = await readVariant(params.width ?? '', params.format ?? '', params.file ?? '', quality);
  if (!variant) return new Response('No such image size or format', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(variant.body), {
    headers: {
      'Content-Type': variant.contentType,
      // A fallback must not be cached for long: the real image may be uploaded soon.
      'Cache-Control': variant.fallback ? 'public, max-age=300' : `public, max-age=${THIRTY_DAYS_SECONDS}`,
    },
  });
}
