/**
 * How many bytes a request may send, by what the route does with them: JSON, urlencoded forms,
 * webhooks and multipart posts to routes that take no files get a small allowance; multipart posts to
 * the routes that take pictures get the upload allowance, and only so many of those are taken in at
 * once. The Node server (src/server/http/body-guard.ts) enforces these while the body arrives, before
 * Astro sees the request; body.ts applies the same allowance when it reads (`astro dev` has no guard).
 */
import { MAX_GALLERY_IMAGES } from '../catalog/product-input';
import { MAX_IMAGE_BYTES } from '../../lib/picture-uploads';

const MB = 1024 * 1024;

/** JSON, urlencoded forms, webhooks and IPNs, and multipart posts to routes that take no files. */
export const MAX_SMALL_BODY_BYTES = 64 * 1024;

/** A page saved or published from the editor (JSON): its text may reach 40,000 characters, and FAQ answers come beside it. */
export const MAX_CONTENT_BODY_BYTES = 256 * 1024;

/** Room for a form's text fields and the multipart framing around its files. */
const FORM_FIELDS_ALLOWANCE_BYTES = 1 * MB;

/**
 * The largest picture upload: a product's feature photo and its full gallery, each at the largest size
 * a picture may be (46 MB). Shops and categories take two pictures each, so they fit too.
 */
export const MAX_UPLOAD_BODY_BYTES = (MAX_GALLERY_IMAGES + 1) * MAX_IMAGE_BYTES + FORM_FIELDS_ALLOWANCE_BYTES;

/**
 * Picture uploads one process reads and re-encodes at once. Each holds its whole body in memory (the
 * multipart parser needs it) and then sharp decodes the pictures one by one, so this bounds the memory
 * a burst of uploads can take; with two cores, more at once would not finish any sooner.
 */
export const MAX_CONCURRENT_UPLOADS = 4;

/** What a refused upload is told to wait, in seconds (an upload takes a few seconds to re-encode). */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 10;

/**
 * How long an upload may take to arrive once it has a place: long enough for 46 MB on a slow mobile
 * uplink (about 3 Mbit/s), short enough that slow senders cannot hold the places for long.
 */
export const UPLOAD_ARRIVAL_MS = 120_000;

/**
 * Routes whose multipart posts carry pictures: the API's products, shops and categories, the dashboard's product
 * and shop forms, the page editor's pictures, a buyer's return with its photos.
 */
const UPLOAD_ROUTES = [
  /^\/api\/(products|vendors|categories)(\/[^/]+)?\/?$/,
  /^\/vendor-dashboard\/(products\/[^/]+|shop)\/?$/,
  /^\/api\/content\/images\/?$/,
  /^\/api\/orders\/[^/]+\/returns\/?$/,
];
/** The editor's saves, publishes and live previews. */
const CONTENT_ROUTE = /^\/api\/content\/[^/]+(\/(publish|render))?\/?$/;

export type BodyAllowance = {
  maxBytes: number;
  /** A picture upload: it counts against MAX_CONCURRENT_UPLOADS. */
  upload: boolean;
};

/**
 * What a request may send. `pathname` must be normalised the way the router sees it (`new URL(...)`
 * resolves dot segments); percent-encoded names are left encoded, which can only make the limit smaller.
 * GET and HEAD bodies are never read, so they get none.
 */
export function bodyAllowance(method: string, pathname: string, contentType: string | null | undefined): BodyAllowance | null {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') return null;
  const multipart = (contentType ?? '').toLowerCase().includes('multipart/form-data');
  const upload = multipart && UPLOAD_ROUTES.some((route) => route.test(pathname));
  if (upload) return { maxBytes: MAX_UPLOAD_BODY_BYTES, upload };
  return { maxBytes: !multipart && CONTENT_ROUTE.test(pathname) ? MAX_CONTENT_BODY_BYTES : MAX_SMALL_BODY_BYTES, upload };
}

/** The allowance of a Fetch API request (what an endpoint or page receives). */
export function requestBodyAllowance(request: Request): BodyAllowance {
  const allowance = bodyAllowance(request.method, new URL(request.url).pathname, request.headers.get('content-type'));
  return allowance ?? { maxBytes: MAX_SMALL_BODY_BYTES, upload: false };
}

/** Whether a declared Content-Length already exceeds the allowance (a missing or unreadable one does not: the count while reading decides). */
export function declaresTooMuch(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = Number(contentLength ?? 0);
  return Number.isFinite(declared) && declared > maxBytes;
}

/** A counter of places for work that must not run more than `capacity` times at once. */
export class ConcurrencyLimit {
  #inUse = 0;

  constructor(readonly capacity: number) {}

  get inUse(): number {
    return this.#inUse;
  }

  /** Takes a place if one is free; the returned function gives it back (calling it again does nothing). */
  tryTake(): (() => void) | null {
    if (this.#inUse >= this.capacity) return null;
    this.#inUse++;
    let returned = false;
    return () => {
      if (returned) return;
      returned = true;
      this.#inUse--;
    };
  }
}
