/**
 * The reply of the pre-sized picture routes (/img/{width}/{format}/{file} and its lower-quality twin under
 * /img/low/): the picture, kept by browsers and CDNs for 30 days; a stand-in (the default image, or another
 * size while the encode queue is full) kept briefly so the right one is fetched soon; a 503 to come back in a
 * few seconds when the queue is full and no size is made yet; or a brief 404.
 */
import { readVariant, type ImageQuality } from '../media/variants';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const DEFAULT_IMAGE_SECONDS = 5 * 60;
const STAND_IN_SECONDS = 60;
export const PICTURE_BUSY_RETRY_AFTER_SECONDS = 5;

const textReply = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

/** The variant named by a route's parameters at `quality`. */
export async function variantReply(params: Record<string, string | undefined>, quality: ImageQuality): Promise<Response> {
  const variant = await readVariant(params.width ?? '', params.format ?? '', params.file ?? '', quality);
  if (!variant) return textReply(404, 'No such image size or format');
  if (variant === 'busy') {
    return textReply(503, 'Pictures are busy; try again shortly', {
      'Retry-After': String(PICTURE_BUSY_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    });
  }
  const seconds = variant.standIn ? STAND_IN_SECONDS : variant.fallback ? DEFAULT_IMAGE_SECONDS : THIRTY_DAYS_SECONDS;
  return new Response(new Uint8Array(variant.body), {
    headers: { 'Content-Type': variant.contentType, 'Cache-Control': `public, max-age=${seconds}` },
  });
}
