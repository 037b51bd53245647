/**
 * Addresses of pre-sized product pictures (encoded on the server by src/server/media/variants.ts), and the
 * `srcset` a page offers for one picture, normal or light (data-saver mode).
 */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1200] as const;
/**
 * The widths the store's pages offer (ProductImage, banners, pictures in static pages, thumbnails). In
 * data-saver mode each stands on the low-quality picture one width step smaller, so 240 is served only low
 * and 1200 only standard: every other address is refused, which keeps the sizes anyone can ask to be encoded
 * to those a page may show.
 */
export const OFFERED_WIDTHS = [160, 320, 480, 640, 800, 1200] as const satisfies readonly ImageWidth[];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
/** `low`: encoded at a lower quality, for data-saver mode. */
export const IMAGE_QUALITIES = ['standard', 'low'] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type OfferedWidth = (typeof OFFERED_WIDTHS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

/** `/img/{width}/{format}/{file}`, or `/img/low/{width}/{format}/{file}` for the lower quality. */
export function variantPath(width: ImageWidth, format: ImageFormat, file: string, quality: ImageQuality = 'standard'): string {
  return `/img${quality === 'low' ? '/low' : ''}/${width}/${format}/${encodeURIComponent(file)}`;
}

/** The served width one step below `width` (the smallest stays itself). */
export function smallerWidth(width: ImageWidth): ImageWidth {
  const index = IMAGE_WIDTHS.indexOf(width);
  return IMAGE_WIDTHS[Math.max(0, index - 1)]!;
}

/** The widths served at a quality: those pages offer, or in data-saver mode the step-smaller ones standing for them. */
export function servedWidths(quality: ImageQuality): readonly ImageWidth[] {
  return quality === 'low' ? [...new Set(OFFERED_WIDTHS.map(smallerWidth))] : OFFERED_WIDTHS;
}

/** How a picture is offered: its candidates, each an address and the width the browser is told it has. */
export type PictureCandidates = { path: (format: ImageFormat) => string; width: ImageWidth }[];

/**
 * The candidates of a picture offered at `widths` (any order). Light ones (data-saver mode) are the low-quality
 * picture one width step smaller standing for each width: the browser still picks a candidate by the width it
 * needs, and gets a smaller picture than it would have. The picture's box comes from its width and height
 * attributes and the page's CSS, never from the file, so nothing on the page moves.
 */
export function pictureCandidates(file: string, widths: readonly OfferedWidth[], light: boolean): PictureCandidates {
  const ordered = OFFERED_WIDTHS.filter((width) => widths.includes(width));
  if (!light) return ordered.map((width) => ({ width, path: (format) => variantPath(width, format, file) }));
  return ordered.map((width) => ({ width, path: (format) => variantPath(smallerWidth(width), format, file, 'low') }));
}

/** The `srcset` of the candidates in one format. */
export function srcsetOf(candidates: PictureCandidates, format: ImageFormat): string {
  return candidates.map(({ path, width }) => `${path(format)} ${width}w`).join(', ');
}
