/**
 * Demo pictures drawn locally: SVG (soft gradient backdrop plus a flat product illustration, an icon of
 * catalogue/pictures.json) rendered to JPEG with sharp. No text is drawn because fonts may be missing on the
 * host. Pictures depend only on the category slugs and the drawings, never on the seed, so existing files are kept
 * between runs (delete them to see an edited drawing). They are written to the store's files: the folder, or the bucket.
 */
import sharp from 'sharp';
import { DEFAULT_IMAGE, imageKey, storedFiles } from '../media/storage';
import type { IconPart, Pictures } from './catalogue-schema';
import { hashString, Random } from './random';

/** What the pictures depend on: category slugs (their file names) and the icons that draw them. */
export type ImageCategory = {
  slug: string;
  icon: string;
  children: { slug: string; icon: string }[];
};

/** Product picture filenames by child category slug. */
export type ImagePool = Record<string, string[]>;

/** The icon of the fallback picture shown where an image is missing. */
const DEFAULT_ICON = 'picture';
const IMAGES_PER_CHILD = 6;
const RENDER_CONCURRENCY = 4;

const productImageName = (childSlug: string, n: number) => `p-${childSlug}-${n}.jpg`;
export const categoryImageName = (slug: string) => `c-${slug}.jpg`;
export const bannerImageName = (slug: string) => `b-${slug}.jpg`;

type Colors = { main: string; accent: string; dark: string; light: string; gold: string };

const gradient = (id: string, c: Colors) =>
  `<linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.accent}"/><stop offset="1" stop-color="${c.main}"/></linearGradient>`;

/** Evenly spaced copies of a shape around a centre, e.g. watch ticks or tyre treads. */
function around(count: number, cx: number, cy: number, shape: string): string {
  let out = '';
  for (let i = 0; i < count; i++) out += `<g transform="rotate(${(360 / count) * i} ${cx} ${cy})">${shape}</g>`;
  return out;
}

function grid(cols: number, rows: number, x: number, y: number, dx: number, dy: number, shape: (x: number, y: number) => string): string {
  let out = '';
  for (let r = 0; r < rows; r++) for (let col = 0; col < cols; col++) out += shape(x + col * dx, y + r * dy);
  return out;
}

const screenShine = (x: number, y: number, w: number, h: number) =>
  `<path d="M${x} ${y + h * 0.62} Q${x + w * 0.5} ${y + h * 0.38} ${x + w} ${y + h * 0.55} V${y + h} H${x} Z" fill="#fff" opacity=".18"/>` +
  `<circle cx="${x + w * 0.7}" cy="${y + h * 0.3}" r="${Math.min(w, h) * 0.16}" fill="#fff" opacity=".28"/>`;

/**
 * Draws one of pictures.json's icons in a 400x400 box: its markup with the colours and `id` filled in (`id`
 * keeps gradient and pattern ids unique within a picture), and its shines, grids and rings laid out.
 */
function drawIcon(parts: readonly IconPart[], colors: Colors, id: string): string {
  const fill = (markup: string, position?: { x: number; y: number }) => {
    const values: Record<string, string | number> = { ...colors, id, ...position };
    return markup.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  };
  return parts
    .map((part) => {
      if (typeof part === 'string') return fill(part);
      if ('shine' in part) return screenShine(part.shine.x, part.shine.y, part.shine.width, part.shine.height);
      if ('grid' in part) {
        const { columns, rows, x, y, dx, dy } = part.grid;
        return grid(columns, rows, x, y, dx, dy, (cx, cy) => fill(part.shape, { x: cx, y: cy }));
      }
      return around(part.around.count, part.around.cx, part.around.cy, fill(part.shape));
    })
    .join('');
}

type Scene = { pictures: Pictures; rng: Random; width: number; height: number };

function backdrop({ pictures, rng, width, height }: Scene): string {
  const [from, to] = rng.pick(pictures.backdrops);
  const diagonal = rng.pick(['x1="0" y1="0" x2="1" y2="1"', 'x1="1" y1="0" x2="0" y2="1"', 'x1="0" y1="0" x2="0" y2="1"']);
  let shapes = '';
  for (let i = 0, n = rng.int(2, 4); i < n; i++) {
    const r = rng.int(Math.round(height * 0.12), Math.round(height * 0.32));
    shapes += `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="#fff" opacity="${(rng.int(12, 30) / 100).toFixed(2)}"/>`;
  }
  if (rng.chance(0.5)) {
    const dotX = rng.pick([width * 0.08, width * 0.78]);
    shapes += grid(
      5,
      5,
      dotX,
      height * rng.pick([0.08, 0.72]),
      height * 0.035,
      height * 0.035,
      (x, y) => `<circle cx="${x}" cy="${y}" r="${height * 0.006}" fill="#fff" opacity=".7"/>`,
    );
  }
  return (
    `<defs><linearGradient id="bg" ${diagonal}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes}`
  );
}

/** One illustration centred at (cx, cy), `size` pixels across, with a glow behind and a shadow below. */
function placedIcon({ pictures, rng }: Scene, kind: string, id: string, cx: number, cy: number, size: number, tilt: number): string {
  const drawing = pictures.icons[kind];
  if (!drawing) throw new Error(`The demo pictures have no icon "${kind}"`);
  const [main, accent] = rng.pick(pictures.productTones);
  const colors: Colors = { main, accent, ...pictures.colors };
  const scale = size / 400;
  const angle = rng.int(-tilt, tilt);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${size * 0.62}" fill="url(#glow)"/>` +
    `<ellipse cx="${cx}" cy="${cy + size * 0.5}" rx="${size * 0.4}" ry="${size * 0.05}" fill="#0F172A" opacity=".13"/>` +
    `<defs>${gradient(id, colors)}</defs>` +
    `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale}) translate(-200 -200)">${drawIcon(drawing, colors, id)}</g>`
  );
}

function squareSvg(pictures: Pictures, kind: string, rng: Random, size: number): string {
  const scene = { pictures, rng, width: 800, height: 800 };
  const iconSize = rng.int(480, 550);
  const body = backdrop(scene) + placedIcon(scene, kind, 'i', 400 + rng.int(-20, 20), 390 + rng.int(-15, 15), iconSize, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">${body}</svg>`;
}

/** Wide banner: the left side stays calm (the UI may lay text over it), illustrations sit on the right. */
function bannerSvg(pictures: Pictures, kinds: string[], rng: Random): string {
  const scene = { pictures, rng, width: 1200, height: 400 };
  const slots = [
    { cx: 900, cy: 190, size: 250 },
    { cx: 680, cy: 250, size: 150 },
    { cx: 1090, cy: 270, size: 140 },
  ];
  const icons = slots
    .map((slot, i) => {
      const kind = kinds[i % kinds.length]!;
      return placedIcon(scene, kind, `i${i}`, slot.cx, slot.cy, slot.size, 10);
    })
    .join('');
  const band = `<path d="M0 0 H560 Q460 200 560 400 H0 Z" fill="#fff" opacity=".35"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">${backdrop(scene)}${band}${icons}</svg>`;
}

type RenderJob = { file: string; svg: () => string };

async function renderAll(jobs: RenderJob[], onProgress?: (done: number, total: number) => void): Promise<void> {
  const files = storedFiles();
  const existing = await files.list(imageKey(''));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (!existing.has(job.file)) {
        await files.write(imageKey(job.file), await sharp(Buffer.from(job.svg())).jpeg({ quality: 80, mozjpeg: true }).toBuffer(), 'image/jpeg');
      }
      onProgress?.(++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
}

/**
 * Renders (or keeps, if present) every picture the catalogue uses: product pools per child category,
 * category tiles, parent banners and the fallback picture.
 */
export async function generateImages(
  categoriesTree: readonly ImageCategory[],
  pictures: Pictures,
  onProgress?: (done: number, total: number) => void,
): Promise<ImagePool> {
  const pool: ImagePool = {};
  const rngFor = (name: string) => new Random(hashString(name));
  const jobs: RenderJob[] = [{ file: DEFAULT_IMAGE, svg: () => squareSvg(pictures, DEFAULT_ICON, rngFor(DEFAULT_IMAGE), 800) }];

  for (const parent of categoriesTree) {
    const parentCategoryFile = categoryImageName(parent.slug);
    const bannerFile = bannerImageName(parent.slug);
    const bannerKinds = [parent.icon, ...parent.children.map((child) => child.icon).filter((kind) => kind !== parent.icon)];
    jobs.push({ file: parentCategoryFile, svg: () => squareSvg(pictures, parent.icon, rngFor(parentCategoryFile), 400) });
    jobs.push({ file: bannerFile, svg: () => bannerSvg(pictures, bannerKinds, rngFor(bannerFile)) });

    for (const child of parent.children) {
      const childCategoryFile = categoryImageName(child.slug);
      jobs.push({ file: childCategoryFile, svg: () => squareSvg(pictures, child.icon, rngFor(childCategoryFile), 400) });
      pool[child.slug] = [];
      for (let n = 1; n <= IMAGES_PER_CHILD; n++) {
        const file = productImageName(child.slug, n);
        pool[child.slug]!.push(file);
        jobs.push({ file, svg: () => squareSvg(pictures, child.icon, rngFor(file), 800) });
      }
    }
  }

  await renderAll(jobs, onProgress);
  return pool;
}
