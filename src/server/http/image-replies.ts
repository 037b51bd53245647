/**
 * The reply of the pre-sized picture routes (/img/{width}/{format}/{file} and its lower-quality twin under
 * /img/low/): the picture, kept by browsers and CDNs for 30 days; a stand-in (the default image, or another
 * size while the encode queue is full) kept briefly so the right one is fetched soon; a 503 to come back in a
 * few seconds when the queue is full and no size is made yet, or when the storage cannot be read; or a brief
 * 404. Also the stored pictures themselves (/storage/images/{file}).
 */
import { log } from '../log';
import { readStoredImage } from '../media/storage';
import { readVariant, type ImageQuality } from '../media/variants';

const DAY_SECONDS = 24 * 60 * 60;
const THIRTY_DAYS_SECONDS = 30 * DAY_SECONDS;
const DEFAULT_IMAGE_SECONDS = 5 * 60;
const STAND_IN_SECONDS = 60;
export const PICTURE_BUSY_RETRY_AFTER_SECONDS = 5;

const textReply = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

const comeBackSoon = (text: string) => textReply(503, text, { 'Retry-After': String(PICTURE_BUSY_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });

/** The storage could not be read (a bucket out of reach): logged, and answered as a short wait, never kept. */
function storageUnavailable(error: unknown): Response {
  log.error({ reason: error instanceof Error ? error.message : String(error) }, 'stored picture could not be read');
  return comeBackSoon('Pictures cannot be read just now; try again shortly');
}

/** A stored picture (/storage/images/{file}); the default image, kept briefly, when there is no such file. */
export async function storedImageReply(file: string | undefined): Promise<Response> {
  const image = await readStoredImage(file).catch((error: unknown) => storageUnavailable(error));
  if (image instanceof Response) return image;
  if (!image) return new Response('Image not found', { status: 404 });
  return new Response(new Uint8Array(image.body), {
    headers: {
      'Content-Type': image.contentType,
      // A fallback must not be cached for long: the real image may be uploaded soon.
      'Cache-Control': image.fallback ? `public, max-age=${DEFAULT_IMAGE_SECONDS}` : `public, max-age=${7 * DAY_SECONDS}`,
    },
  });
}

/** The variant named by a route's parameters at `quality`. */
export async function variantReply(params: Record<string, string | undefined>, quality: ImageQuality): Promise<Response> {
  const variant = await readVariant(params.width ?? '', params.format ?? '', params.file ?? '', quality).catch((error: unknown) => storageUnavailable(error));
  if (variant instanceof Response) return variant;
  if (!variant) return textReply(404, 'No such image size or format');
  if (variant === 'busy') return comeBackSoon('Pictures are busy; try again shortly');
  const seconds = variant.standIn ? STAND_IN_SECONDS : variant.fallback ? DEFAULT_IMAGE_SECONDS : THIRTY_DAYS_SECONDS;
  return new Response(new Uint8Array(variant.body), {
    headers: { 'Content-Type': variant.contentType, 'Cache-Control': `public, max-age=${seconds}` },
  });
}
