/** Addresses of pre-sized product pictures (encoded on the server by src/server/media/variants.ts). */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1200] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export function variantPath(width: ImageWidth, format: ImageFormat, file: string): string {
  return `/img/${width}/${format}/${encodeURIComponent(file)}`;
}
