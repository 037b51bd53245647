/**
 * Demo pictures drawn locally: SVG (soft gradient backdrop plus a flat product illustration) rendered to
 * JPEG with sharp. No text is drawn because fonts may be missing on the host. Pictures depend only on the
 * category slugs, never on the seed, so existing files can be kept between runs.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { hashString, Random } from './random';

export type IconKind = keyof typeof ICONS;

export type ImageCategory = {
  slug: string;
  icon: IconKind;
  children: { slug: string; icon: IconKind }[];
};

/** Product picture filenames by child category slug. */
export type ImagePool = Record<string, string[]>;

const DEFAULT_IMAGE = 'default.jpg';
const IMAGES_PER_CHILD = 6;
const RENDER_CONCURRENCY = 4;

const productImageName = (childSlug: string, n: number) => `p-${childSlug}-${n}.jpg`;
export const categoryImageName = (slug: string) => `c-${slug}.jpg`;
export const bannerImageName = (slug: string) => `b-${slug}.jpg`;

type Colors = { main: string; accent: string; dark: string; light: string };
/** Draws one illustration in a 400x400 box; `id` keeps gradient/pattern ids unique within a picture. */
type IconDrawer = (c: Colors, id: string) => string;

const DARK = '#1E293B';
const LIGHT = '#E2E8F0';
const GOLD = '#FBBF24';

/** Soft backdrop gradients. */
const BACKDROPS: [string, string][] = [
  ['#FEF3C7', '#FBCFE8'],
  ['#E0F2FE', '#C7D2FE'],
  ['#FCE7F3', '#FDE68A'],
  ['#DCFCE7', '#BAE6FD'],
  ['#EDE9FE', '#FBCFE8'],
  ['#FFEDD5', '#FECACA'],
  ['#CCFBF1', '#D9F99D'],
  ['#F1F5F9', '#CBD5E1'],
  ['#FFE4E6', '#FED7AA'],
  ['#ECFCCB', '#A7F3D0'],
  ['#E0E7FF', '#F5D0FE'],
  ['#FEF9C3', '#BBF7D0'],
];

/** Product body colours: a rich main tone and a lighter companion for gradients. */
const PRODUCT_TONES: [string, string][] = [
  ['#2563EB', '#60A5FA'],
  ['#DC2626', '#FB923C'],
  ['#059669', '#34D399'],
  ['#7C3AED', '#C084FC'],
  ['#DB2777', '#F472B6'],
  ['#0891B2', '#22D3EE'],
  ['#EA580C', '#FBBF24'],
  ['#334155', '#64748B'],
  ['#4F46E5', '#818CF8'],
  ['#B45309', '#F59E0B'],
  ['#BE123C', '#FB7185'],
  ['#15803D', '#A3E635'],
];

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

const ICONS = {
  phone: (c, id) => `
    <rect x="112" y="14" width="176" height="372" rx="32" fill="${c.dark}"/>
    <rect x="288" y="100" width="6" height="54" rx="3" fill="${c.dark}"/>
    <rect x="124" y="28" width="152" height="344" rx="22" fill="url(#${id}g)"/>
    ${screenShine(124, 28, 152, 344)}
    <rect x="176" y="38" width="48" height="13" rx="6.5" fill="${c.dark}"/>`,
  featurephone: (c, id) => `
    <rect x="128" y="20" width="144" height="362" rx="34" fill="${c.dark}"/>
    <rect x="148" y="46" width="104" height="112" rx="8" fill="url(#${id}g)"/>
    ${screenShine(148, 46, 104, 112)}
    <rect x="168" y="172" width="64" height="24" rx="12" fill="${c.light}"/>
    ${grid(3, 4, 164, 222, 36, 38, (x, y) => `<rect x="${x - 13}" y="${y - 11}" width="26" height="22" rx="8" fill="${c.light}" opacity=".85"/>`)}`,
  tablet: (c, id) => `
    <rect x="26" y="70" width="348" height="256" rx="26" fill="${c.dark}"/>
    <rect x="42" y="86" width="316" height="224" rx="12" fill="url(#${id}g)"/>
    ${screenShine(42, 86, 316, 224)}
    <circle cx="34" cy="198" r="4" fill="${c.light}" opacity=".6"/>`,
  powerbank: (c, id) => `
    <path d="M200 360 Q200 392 250 392 H340" fill="none" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>
    <rect x="120" y="30" width="160" height="320" rx="28" fill="${c.dark}"/>
    <rect x="132" y="42" width="136" height="296" rx="20" fill="url(#${id}g)"/>
    <path d="M212 110 L168 205 H202 L186 280 L236 175 H202 Z" fill="#fff" opacity=".92"/>
    ${grid(4, 1, 164, 314, 24, 0, (x, y) => `<circle cx="${x}" cy="${y}" r="5" fill="#fff" opacity=".8"/>`)}`,
  smartwatch: (c, id) => `
    <rect x="145" y="10" width="110" height="380" rx="30" fill="url(#${id}g)"/>
    <rect x="110" y="100" width="180" height="200" rx="44" fill="${c.dark}"/>
    <rect x="124" y="114" width="152" height="172" rx="34" fill="#0F172A"/>
    <circle cx="200" cy="200" r="52" fill="none" stroke="${c.accent}" stroke-width="12" stroke-dasharray="220 400" stroke-linecap="round" transform="rotate(-90 200 200)"/>
    <circle cx="200" cy="200" r="30" fill="none" stroke="#fff" stroke-width="8" opacity=".5"/>
    <rect x="288" y="170" width="14" height="40" rx="6" fill="${c.dark}"/>`,
  tv: (c, id) => `
    <rect x="14" y="56" width="372" height="232" rx="12" fill="${c.dark}"/>
    <rect x="26" y="68" width="348" height="208" rx="4" fill="url(#${id}g)"/>
    <path d="M26 276 L130 170 L190 226 L258 146 L374 262 V276 Z" fill="#fff" opacity=".22"/>
    <circle cx="300" cy="118" r="24" fill="#fff" opacity=".55"/>
    <path d="M176 288 H224 L236 326 H164 Z" fill="${c.dark}"/>
    <rect x="112" y="322" width="176" height="12" rx="6" fill="${c.dark}"/>`,
  soundbar: (c, id) => `
    <rect x="236" y="110" width="138" height="250" rx="20" fill="${c.dark}"/>
    <circle cx="305" cy="200" r="50" fill="url(#${id}g)"/><circle cx="305" cy="200" r="20" fill="${c.dark}" opacity=".55"/>
    <circle cx="305" cy="305" r="24" fill="url(#${id}g)"/>
    <rect x="18" y="286" width="270" height="66" rx="30" fill="${c.dark}"/>
    ${grid(12, 2, 50, 308, 19, 22, (x, y) => `<circle cx="${x}" cy="${y}" r="4" fill="${c.accent}" opacity=".8"/>`)}`,
  speaker: (c, id) => `
    <rect x="112" y="30" width="176" height="340" rx="30" fill="${c.dark}"/>
    <circle cx="200" cy="118" r="46" fill="url(#${id}g)"/><circle cx="200" cy="118" r="18" fill="${c.dark}" opacity=".55"/>
    <circle cx="200" cy="262" r="74" fill="url(#${id}g)"/><circle cx="200" cy="262" r="44" fill="${c.dark}" opacity=".35"/>
    <circle cx="200" cy="262" r="14" fill="#fff" opacity=".6"/>`,
  headphones: (c, id) => `
    <path d="M86 250 V196 A114 114 0 0 1 314 196 V250" fill="none" stroke="${c.dark}" stroke-width="24" stroke-linecap="round"/>
    <rect x="50" y="210" width="84" height="140" rx="38" fill="url(#${id}g)"/>
    <rect x="266" y="210" width="84" height="140" rx="38" fill="url(#${id}g)"/>
    <rect x="112" y="228" width="26" height="104" rx="13" fill="${c.dark}"/>
    <rect x="262" y="228" width="26" height="104" rx="13" fill="${c.dark}"/>`,
  decoder: (c, id) => `
    <rect x="24" y="190" width="300" height="96" rx="16" fill="${c.dark}"/>
    <rect x="44" y="226" width="120" height="22" rx="6" fill="#0F172A"/>
    <circle cx="60" cy="237" r="5" fill="#22C55E"/>
    ${grid(3, 1, 230, 237, 28, 0, (x, y) => `<circle cx="${x}" cy="${y}" r="8" fill="${c.light}" opacity=".7"/>`)}
    <g transform="rotate(18 320 220)"><rect x="290" y="90" width="64" height="220" rx="28" fill="url(#${id}g)"/>
    <circle cx="322" cy="128" r="12" fill="#fff" opacity=".85"/>
    ${grid(2, 3, 310, 180, 24, 32, (x, y) => `<circle cx="${x}" cy="${y}" r="8" fill="#fff" opacity=".55"/>`)}</g>`,
  laptop: (c, id) => `
    <rect x="66" y="58" width="268" height="192" rx="14" fill="${c.dark}"/>
    <rect x="80" y="72" width="240" height="164" rx="4" fill="url(#${id}g)"/>
    ${screenShine(80, 72, 240, 164)}
    <path d="M24 256 H376 L358 294 Q355 302 344 302 H56 Q45 302 42 294 Z" fill="${c.light}"/>
    <rect x="166" y="256" width="68" height="9" rx="4.5" fill="${c.dark}" opacity=".25"/>`,
  monitor: (c, id) => `
    <rect x="36" y="34" width="328" height="214" rx="14" fill="${c.dark}"/>
    <rect x="50" y="48" width="300" height="176" rx="4" fill="url(#${id}g)"/>
    ${screenShine(50, 48, 300, 176)}
    <path d="M182 248 H218 L228 306 H172 Z" fill="${c.light}"/>
    <rect x="128" y="302" width="144" height="12" rx="6" fill="${c.light}"/>
    <rect x="64" y="332" width="272" height="40" rx="10" fill="${c.dark}"/>
    ${grid(10, 2, 84, 344, 26, 16, (x, y) => `<rect x="${x}" y="${y}" width="18" height="9" rx="3" fill="#fff" opacity=".3"/>`)}`,
  printer: (c, id) => `
    <rect x="118" y="36" width="164" height="120" rx="6" fill="#fff"/>
    <rect x="138" y="62" width="110" height="10" rx="5" fill="${c.light}"/><rect x="138" y="86" width="84" height="10" rx="5" fill="${c.light}"/>
    <rect x="44" y="128" width="312" height="160" rx="26" fill="url(#${id}g)"/>
    <circle cx="312" cy="166" r="10" fill="#fff" opacity=".85"/><circle cx="280" cy="166" r="10" fill="#fff" opacity=".5"/>
    <rect x="88" y="246" width="224" height="24" rx="8" fill="${c.dark}"/>
    <rect x="116" y="258" width="168" height="104" rx="4" fill="#fff"/>
    <rect x="136" y="290" width="128" height="46" rx="6" fill="${c.accent}" opacity=".55"/>`,
  usb: (c, id) => `
    <g transform="rotate(-28 200 200)">
    <rect x="158" y="24" width="84" height="84" rx="8" fill="${c.light}"/>
    <rect x="176" y="48" width="18" height="18" rx="3" fill="${c.dark}"/><rect x="206" y="48" width="18" height="18" rx="3" fill="${c.dark}"/>
    <rect x="128" y="96" width="144" height="270" rx="34" fill="url(#${id}g)"/>
    <rect x="148" y="120" width="20" height="200" rx="10" fill="#fff" opacity=".25"/>
    <circle cx="200" cy="322" r="16" fill="${c.dark}" opacity=".35"/></g>`,
  mouse: (c, id) => `
    <path d="M200 100 C200 40 150 60 140 20" fill="none" stroke="${c.dark}" stroke-width="9" stroke-linecap="round"/>
    <rect x="116" y="96" width="168" height="276" rx="84" fill="url(#${id}g)"/>
    <path d="M200 96 V206 M116 206 H284" stroke="#fff" stroke-width="5" opacity=".45"/>
    <rect x="190" y="128" width="20" height="46" rx="10" fill="${c.dark}"/>
    <path d="M140 250 Q150 320 200 340" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".25"/>`,
  shirt: (c, id) => `
    <path d="M150 46 L94 66 Q70 76 58 100 L22 172 L90 204 L112 162 V350 Q112 364 126 364 H274 Q288 364 288 350 V162 L310 204 L378 172 L342 100 Q330 76 306 66 L250 46 Q200 92 150 46 Z" fill="url(#${id}g)"/>
    <path d="M150 46 Q200 92 250 46 L236 40 Q200 72 164 40 Z" fill="${c.dark}" opacity=".35"/>
    <path d="M28 160 L94 190 M372 160 L306 190" stroke="#fff" stroke-width="8" opacity=".5"/>
    <rect x="222" y="136" width="40" height="46" rx="6" fill="${c.dark}" opacity=".16"/>`,
  dress: (c, id) => `
    <path d="M164 30 L172 98 M236 30 L228 98" stroke="${c.main}" stroke-width="10" stroke-linecap="round"/>
    <path d="M160 94 Q200 122 240 94 L252 168 Q200 186 148 168 Z" fill="${c.main}"/>
    <path d="M148 168 Q200 186 252 168 L334 344 Q200 388 66 344 Z" fill="url(#${id}g)"/>
    <path d="M96 330 Q200 360 304 330" fill="none" stroke="#fff" stroke-width="6" opacity=".4"/>
    <path d="M146 162 Q200 182 254 162 L256 184 Q200 204 144 184 Z" fill="${c.dark}"/>
    <circle cx="200" cy="188" r="9" fill="${GOLD}"/>`,
  kitenge: (c, id) => `
    <defs><pattern id="${id}p" width="44" height="44" patternUnits="userSpaceOnUse">
      <rect width="44" height="44" fill="${c.main}"/><circle cx="11" cy="11" r="8" fill="${GOLD}"/><circle cx="11" cy="11" r="3" fill="${c.dark}"/>
      <path d="M22 34 L33 23 L44 34 M0 34 L11 23 L22 34" fill="none" stroke="#fff" stroke-width="4"/></pattern></defs>
    <path d="M160 40 Q124 60 112 90 L70 150 L112 176 L134 146 L148 170 L84 350 Q200 386 316 350 L252 170 L266 146 L288 176 L330 150 L288 90 Q276 60 240 40 Q200 76 160 40 Z" fill="url(#${id}p)"/>
    <path d="M160 40 Q200 76 240 40 L228 34 Q200 60 172 34 Z" fill="${c.dark}"/>
    <path d="M146 166 Q200 186 254 166 L258 190 Q200 210 142 190 Z" fill="${c.accent}"/>`,
  shoe: (c, id) => `
    <path d="M30 300 Q24 250 60 236 L150 206 Q164 166 190 150 Q212 140 236 150 Q246 196 300 216 L346 230 Q380 246 376 300 Z" fill="url(#${id}g)"/>
    <path d="M190 150 Q212 140 236 150 L242 178 Q216 166 194 174 Z" fill="${c.dark}" opacity=".3"/>
    <path d="M20 296 H382 Q386 332 360 336 H42 Q18 334 20 296 Z" fill="#fff"/>
    <rect x="22" y="318" width="360" height="6" fill="${c.dark}" opacity=".14"/>
    <path d="M118 272 Q220 226 306 262" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".85"/>
    <path d="M170 180 L206 196 M160 202 L198 216 M150 224 L188 238" stroke="#fff" stroke-width="7" stroke-linecap="round"/>`,
  bag: (c, id) => `
    <path d="M128 168 V122 A72 72 0 0 1 272 122 V168" fill="none" stroke="${c.dark}" stroke-width="16" stroke-linecap="round"/>
    <path d="M70 156 H330 Q342 156 344 168 L362 340 Q364 364 340 364 H60 Q36 364 38 340 L56 168 Q58 156 70 156 Z" fill="url(#${id}g)"/>
    <path d="M56 168 Q58 156 70 156 H330 Q342 156 344 168 L348 218 Q200 270 52 218 Z" fill="${c.dark}" opacity=".2"/>
    <rect x="184" y="226" width="32" height="26" rx="6" fill="${GOLD}"/>`,
  watch: (c, id) => `
    <rect x="150" y="8" width="100" height="384" rx="24" fill="${c.dark}"/>
    <circle cx="200" cy="200" r="108" fill="${GOLD}"/>
    <circle cx="200" cy="200" r="94" fill="url(#${id}g)"/>
    <circle cx="200" cy="200" r="80" fill="#fff" opacity=".93"/>
    ${around(12, 200, 200, `<rect x="197" y="128" width="6" height="16" rx="3" fill="${c.dark}"/>`)}
    <path d="M200 200 V148 M200 200 L238 222" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
    <circle cx="200" cy="200" r="8" fill="${c.main}"/>
    <rect x="304" y="188" width="18" height="24" rx="4" fill="${GOLD}"/>`,
  sofa: (c, id) => `
    <rect x="60" y="96" width="280" height="156" rx="34" fill="url(#${id}g)"/>
    <rect x="76" y="110" width="118" height="120" rx="24" fill="#fff" opacity=".16"/>
    <rect x="206" y="110" width="118" height="120" rx="24" fill="#fff" opacity=".16"/>
    <rect x="60" y="220" width="280" height="72" rx="20" fill="url(#${id}g)"/>
    <rect x="60" y="220" width="280" height="72" rx="20" fill="#000" opacity=".1"/>
    <rect x="18" y="168" width="72" height="146" rx="32" fill="url(#${id}g)"/>
    <rect x="310" y="168" width="72" height="146" rx="32" fill="url(#${id}g)"/>
    <rect x="52" y="310" width="16" height="40" rx="4" fill="${c.dark}"/><rect x="332" y="310" width="16" height="40" rx="4" fill="${c.dark}"/>`,
  pot: (c, id) => `
    <rect x="178" y="66" width="44" height="26" rx="11" fill="${c.dark}"/>
    <path d="M78 150 Q200 68 322 150 Z" fill="${c.light}"/>
    <rect x="66" y="144" width="268" height="16" rx="8" fill="${c.dark}"/>
    <path d="M80 160 H320 V300 Q320 352 268 352 H132 Q80 352 80 300 Z" fill="url(#${id}g)"/>
    <rect x="34" y="180" width="54" height="24" rx="12" fill="${c.dark}"/><rect x="312" y="180" width="54" height="24" rx="12" fill="${c.dark}"/>
    <rect x="102" y="182" width="18" height="132" rx="9" fill="#fff" opacity=".28"/>`,
  blender: (c, id) => `
    <path d="M128 54 H292 L266 252 H154 Z" fill="#fff" opacity=".6"/>
    <path d="M140 140 H281 L266 252 H154 Z" fill="url(#${id}g)"/>
    <path d="M292 90 H326 Q340 90 340 104 V190 Q340 204 326 204 H282" fill="none" stroke="${c.dark}" stroke-width="12"/>
    <rect x="118" y="32" width="184" height="30" rx="10" fill="${c.dark}"/>
    <path d="M132 250 H288 L306 364 H114 Z" fill="${c.dark}"/>
    <circle cx="210" cy="310" r="20" fill="${c.light}"/><circle cx="210" cy="310" r="8" fill="${c.main}"/>`,
  fridge: (c, id) => `
    <rect x="106" y="16" width="188" height="354" rx="22" fill="url(#${id}g)"/>
    <rect x="106" y="134" width="188" height="7" fill="${c.dark}" opacity=".3"/>
    <rect x="126" y="62" width="12" height="52" rx="6" fill="${c.light}"/>
    <rect x="126" y="160" width="12" height="90" rx="6" fill="${c.light}"/>
    <rect x="262" y="30" width="14" height="320" rx="7" fill="#fff" opacity=".2"/>
    <rect x="122" y="368" width="24" height="16" rx="4" fill="${c.dark}"/><rect x="254" y="368" width="24" height="16" rx="4" fill="${c.dark}"/>`,
  bed: (c, id) => `
    <rect x="56" y="70" width="288" height="170" rx="30" fill="${c.dark}"/>
    <rect x="76" y="88" width="248" height="60" rx="20" fill="#fff" opacity=".12"/>
    <rect x="80" y="170" width="108" height="46" rx="20" fill="#fff"/><rect x="212" y="170" width="108" height="46" rx="20" fill="#fff"/>
    <rect x="36" y="206" width="328" height="82" rx="18" fill="#F8FAFC"/>
    <rect x="36" y="236" width="328" height="82" rx="18" fill="url(#${id}g)"/>
    <path d="M36 262 H364" stroke="#fff" stroke-width="6" opacity=".35"/>
    <rect x="48" y="314" width="18" height="40" rx="4" fill="${c.dark}"/><rect x="334" y="314" width="18" height="40" rx="4" fill="${c.dark}"/>`,
  solar: (c, id) => `
    <circle cx="306" cy="84" r="40" fill="${GOLD}"/>
    ${around(10, 306, 84, `<rect x="302" y="18" width="8" height="22" rx="4" fill="${GOLD}"/>`)}
    <path d="M90 160 H330 L362 318 H58 Z" fill="${c.dark}"/>
    <path d="M100 170 H320 L348 308 H72 Z" fill="url(#${id}g)"/>
    <path d="M173 170 L163 308 M247 170 L257 308 M86 239 H334" stroke="${c.light}" stroke-width="5" opacity=".7"/>
    <rect x="190" y="318" width="20" height="46" fill="${c.dark}"/><rect x="140" y="360" width="120" height="14" rx="7" fill="${c.dark}"/>`,
  bottle: (c, id) => `
    <rect x="176" y="24" width="48" height="22" rx="4" fill="${c.dark}"/>
    <rect x="218" y="28" width="52" height="13" rx="6" fill="${c.dark}"/>
    <rect x="184" y="44" width="32" height="46" fill="${c.dark}"/>
    <rect x="118" y="86" width="164" height="288" rx="42" fill="url(#${id}g)"/>
    <rect x="140" y="176" width="120" height="116" rx="14" fill="#fff" opacity=".88"/>
    <rect x="160" y="202" width="80" height="12" rx="6" fill="${c.main}" opacity=".75"/>
    <rect x="170" y="226" width="60" height="9" rx="4.5" fill="${c.main}" opacity=".4"/>
    <circle cx="200" cy="264" r="12" fill="${c.accent}"/>
    <rect x="136" y="102" width="14" height="60" rx="7" fill="#fff" opacity=".3"/>`,
  jar: (c, id) => `
    <rect x="86" y="120" width="228" height="66" rx="16" fill="${c.dark}"/>
    <path d="M98 134 H302" stroke="#fff" stroke-width="4" opacity=".2"/>
    <rect x="76" y="176" width="248" height="182" rx="34" fill="url(#${id}g)"/>
    <rect x="76" y="224" width="248" height="80" fill="#fff" opacity=".85"/>
    <path d="M176 264 Q200 232 224 264 Q200 290 176 264 Z" fill="${c.main}"/>
    <rect x="96" y="196" width="16" height="140" rx="8" fill="#fff" opacity=".3"/>`,
  lipstick: (c, id) => `
    <path d="M166 128 V70 Q166 46 236 26 V128 Z" fill="${c.main}"/>
    <path d="M180 124 V76" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".3"/>
    <rect x="156" y="124" width="90" height="74" fill="${GOLD}"/>
    <rect x="142" y="190" width="118" height="30" rx="6" fill="${GOLD}" opacity=".85"/>
    <rect x="148" y="214" width="106" height="164" rx="12" fill="url(#${id}g)"/>
    <rect x="162" y="228" width="14" height="132" rx="7" fill="#fff" opacity=".25"/>`,
  perfume: (c, id) => `
    <rect x="160" y="26" width="80" height="66" rx="12" fill="${GOLD}"/>
    <rect x="182" y="88" width="36" height="32" fill="${c.light}"/>
    <rect x="86" y="116" width="228" height="250" rx="40" fill="url(#${id}g)" opacity=".92"/>
    <rect x="86" y="196" width="228" height="170" rx="40" fill="${c.main}" opacity=".35"/>
    <path d="M110 140 Q120 230 110 330" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".35"/>
    <rect x="150" y="220" width="100" height="64" rx="8" fill="#fff" opacity=".8"/>`,
  pills: (c, id) => `
    <rect x="116" y="58" width="168" height="62" rx="14" fill="${c.main}"/>
    <rect x="126" y="112" width="148" height="254" rx="24" fill="#fff"/>
    <rect x="126" y="186" width="148" height="108" fill="url(#${id}g)"/>
    <path d="M188 206 H212 V228 H234 V252 H212 V274 H188 V252 H166 V228 H188 Z" fill="#fff"/>
    <g transform="rotate(-32 320 320)"><rect x="278" y="300" width="92" height="38" rx="19" fill="${c.accent}"/>
    <rect x="278" y="300" width="46" height="38" rx="19" fill="#fff"/><rect x="306" y="300" width="18" height="38" fill="#fff"/></g>`,
  grocery: (c, id) => `
    <ellipse cx="146" cy="112" rx="28" ry="74" fill="#22C55E" transform="rotate(-24 146 112)"/>
    <ellipse cx="176" cy="98" rx="24" ry="72" fill="#15803D" transform="rotate(6 176 98)"/>
    <rect x="232" y="36" width="44" height="160" rx="22" fill="#F59E0B" transform="rotate(16 254 116)"/>
    <rect x="196" y="66" width="40" height="130" rx="12" fill="url(#${id}g)"/>
    <rect x="206" y="48" width="20" height="24" rx="4" fill="${c.dark}"/>
    <path d="M66 158 H334 L312 372 H88 Z" fill="#D6A56A"/>
    <path d="M66 158 H334 L330 196 H70 Z" fill="#B9844A"/>
    <circle cx="200" cy="282" r="46" fill="#fff" opacity=".75"/>
    <path d="M200 306 Q166 282 186 252 Q214 262 200 306 Z M200 306 Q230 284 216 254" fill="${c.main}"/>`,
  sack: (c, id) => `
    <path d="M92 104 Q80 66 120 74 Q200 96 280 74 Q320 66 308 104 L334 330 Q340 372 298 374 H102 Q60 372 66 330 Z" fill="#F8F4EC"/>
    <path d="M92 104 Q80 66 120 74 Q200 96 280 74 Q320 66 308 104 Q200 124 92 104 Z" fill="#E7E0D2"/>
    <path d="M81 190 H319 L328 286 H72 Z" fill="url(#${id}g)"/>
    <circle cx="200" cy="238" r="34" fill="#fff" opacity=".9"/>
    <path d="M200 258 Q176 238 192 214 Q214 226 200 258 Z" fill="${c.main}"/>
    ${grid(6, 1, 110, 320, 36, 0, (x, y) => `<circle cx="${x}" cy="${y}" r="4" fill="${c.main}" opacity=".45"/>`)}`,
  drink: (c, id) => `
    <rect x="170" y="18" width="60" height="32" rx="6" fill="${c.main}"/>
    <path d="M178 50 H222 V88 Q272 120 272 172 V350 Q272 376 246 376 H154 Q128 376 128 350 V172 Q128 120 178 88 Z" fill="url(#${id}g)" opacity=".88"/>
    <rect x="128" y="204" width="144" height="92" fill="#fff" opacity=".88"/>
    <path d="M140 262 Q170 232 200 256 Q230 280 260 244" fill="none" stroke="${c.main}" stroke-width="10" stroke-linecap="round"/>
    <rect x="146" y="150" width="14" height="180" rx="7" fill="#fff" opacity=".35"/>`,
  carton: (c, id) => `
    <rect x="166" y="22" width="60" height="30" rx="5" fill="${c.main}"/>
    <path d="M118 112 L158 44 H242 L282 112 Z" fill="${c.light}"/>
    <path d="M242 44 L282 112 H242 Z" fill="${c.dark}" opacity=".12"/>
    <rect x="118" y="110" width="164" height="264" rx="6" fill="#fff"/>
    <rect x="118" y="196" width="164" height="120" fill="url(#${id}g)"/>
    <path d="M200 222 Q222 252 222 270 A22 22 0 0 1 178 270 Q178 252 200 222 Z" fill="#fff"/>
    <rect x="242" y="110" width="40" height="264" fill="${c.dark}" opacity=".06"/>`,
  spray: (c, id) => `
    <path d="M140 56 H262 Q282 56 282 76 V92 H234 L226 122 H172 Z" fill="${c.dark}"/>
    <path d="M158 92 Q140 110 152 140" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>
    <rect x="136" y="118" width="128" height="256" rx="32" fill="url(#${id}g)"/>
    <rect x="152" y="198" width="96" height="104" rx="12" fill="#fff" opacity=".85"/>
    <circle cx="186" cy="238" r="16" fill="${c.accent}"/><circle cx="214" cy="262" r="11" fill="${c.main}" opacity=".7"/>
    <circle cx="306" cy="70" r="8" fill="${c.accent}" opacity=".7"/><circle cx="328" cy="94" r="6" fill="${c.accent}" opacity=".5"/>`,
  packet: (c, id) => `
    <path d="M98 50 H302 L288 84 L306 330 L300 364 H100 L94 330 L112 84 Z" fill="url(#${id}g)"/>
    <path d="M98 50 L112 40 L126 50 L140 40 L154 50 L168 40 L182 50 L196 40 L210 50 L224 40 L238 50 L252 40 L266 50 L280 40 L294 50 L302 50 L288 84 H112 Z" fill="${c.dark}" opacity=".25"/>
    <ellipse cx="200" cy="220" rx="78" ry="64" fill="#fff" opacity=".85"/>
    <ellipse cx="182" cy="214" rx="28" ry="20" fill="${GOLD}" transform="rotate(-20 182 214)"/>
    <ellipse cx="220" cy="230" rx="26" ry="18" fill="#F59E0B" transform="rotate(24 220 230)"/>
    <rect x="140" y="300" width="120" height="14" rx="7" fill="#fff" opacity=".6"/>`,
  diaper: (c, id) => `
    <path d="M64 116 H336 V168 Q336 330 232 352 H168 Q64 330 64 168 Z" fill="#fff"/>
    <path d="M64 116 H336 V150 H64 Z" fill="url(#${id}g)"/>
    <rect x="40" y="148" width="60" height="40" rx="12" fill="${c.accent}"/><rect x="300" y="148" width="60" height="40" rx="12" fill="${c.accent}"/>
    ${grid(4, 2, 140, 210, 40, 44, (x, y) => `<circle cx="${x}" cy="${y}" r="9" fill="${c.main}" opacity=".35"/>`)}
    <path d="M120 300 Q200 340 280 300" fill="none" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>`,
  babybottle: (c, id) => `
    <path d="M180 74 Q178 26 200 26 Q222 26 220 74 Z" fill="#FCD9A8"/>
    <rect x="150" y="72" width="100" height="42" rx="10" fill="url(#${id}g)"/>
    <rect x="144" y="110" width="112" height="262" rx="42" fill="#fff" opacity=".8" stroke="${c.main}" stroke-width="6"/>
    <path d="M147 220 H253 V330 Q253 369 214 369 H186 Q147 369 147 330 Z" fill="#FFF7E6"/>
    ${grid(1, 5, 228, 150, 0, 40, (x, y) => `<rect x="${x}" y="${y}" width="22" height="6" rx="3" fill="${c.main}"/>`)}`,
  blocks: (c, id) => `
    <rect x="54" y="226" width="136" height="136" rx="18" fill="${c.main}"/>
    <rect x="210" y="226" width="136" height="136" rx="18" fill="url(#${id}g)"/>
    <rect x="132" y="88" width="136" height="136" rx="18" fill="${GOLD}" transform="rotate(-8 200 156)"/>
    <circle cx="122" cy="294" r="34" fill="#fff" opacity=".85"/>
    <path d="M278 258 L314 326 H242 Z" fill="#fff" opacity=".85"/>
    <path d="M186 120 H214 V142 H236 V170 H214 V192 H186 V170 H164 V142 H186 Z" fill="#fff" transform="rotate(-8 200 156)"/>`,
  stroller: (c, id) => `
    <path d="M116 206 A112 112 0 0 1 228 94 V206 Z" fill="url(#${id}g)"/>
    <path d="M106 206 H304 Q304 284 232 294 H172 Q106 284 106 206 Z" fill="${c.main}"/>
    <path d="M300 206 L338 118 H366" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M150 290 L130 330 M256 290 L276 330" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>
    <circle cx="130" cy="336" r="32" fill="${c.dark}"/><circle cx="130" cy="336" r="12" fill="${c.light}"/>
    <circle cx="276" cy="336" r="32" fill="${c.dark}"/><circle cx="276" cy="336" r="12" fill="${c.light}"/>`,
  ball: (c, id) => `
    <defs><clipPath id="${id}c"><circle cx="200" cy="200" r="170"/></clipPath></defs>
    <circle cx="200" cy="200" r="170" fill="#fff"/>
    <g clip-path="url(#${id}c)" fill="${c.dark}">
      <polygon points="200,142 255,182 234,247 166,247 145,182"/>
      ${around(5, 200, 200, '<polygon points="200,-8 248,26 230,82 170,82 152,26"/>')}
    </g>
    ${around(5, 200, 200, `<path d="M200 142 V82" stroke="${c.dark}" stroke-width="6"/>`)}
    <circle cx="200" cy="200" r="170" fill="none" stroke="${c.main}" stroke-width="10"/>
    <path d="M90 120 A140 140 0 0 1 150 68" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".6"/>`,
  dumbbell: (c, id) => `
    <rect x="56" y="186" width="288" height="28" rx="14" fill="${c.light}"/>
    <rect x="58" y="112" width="44" height="176" rx="14" fill="${c.dark}"/>
    <rect x="102" y="134" width="36" height="132" rx="12" fill="url(#${id}g)"/>
    <rect x="298" y="112" width="44" height="176" rx="14" fill="${c.dark}"/>
    <rect x="262" y="134" width="36" height="132" rx="12" fill="url(#${id}g)"/>
    <rect x="30" y="190" width="30" height="20" rx="8" fill="${c.light}"/><rect x="340" y="190" width="30" height="20" rx="8" fill="${c.light}"/>`,
  bicycle: (c, id) => `
    <circle cx="96" cy="270" r="76" fill="none" stroke="${c.dark}" stroke-width="14"/>
    <circle cx="304" cy="270" r="76" fill="none" stroke="${c.dark}" stroke-width="14"/>
    <circle cx="96" cy="270" r="8" fill="${c.dark}"/><circle cx="304" cy="270" r="8" fill="${c.dark}"/>
    <path d="M96 270 L176 160 L204 270 Z M176 160 H284 L204 270 M284 160 L304 270" fill="none" stroke="${c.main}" stroke-width="15" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M176 160 L166 130" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>
    <rect x="136" y="116" width="62" height="18" rx="9" fill="${c.dark}"/>
    <path d="M284 160 L276 116 H316" fill="none" stroke="${c.dark}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="204" cy="270" r="18" fill="url(#${id}g)"/>`,
  tent: (c, id) => `
    <path d="M200 50 L366 340 H34 Z" fill="url(#${id}g)"/>
    <path d="M200 50 L258 340 H142 Z" fill="${c.dark}" opacity=".25"/>
    <path d="M200 196 L240 340 H160 Z" fill="${c.dark}" opacity=".7"/>
    <path d="M200 50 L200 28" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
    <path d="M20 344 H380" stroke="${c.dark}" stroke-width="8" stroke-linecap="round" opacity=".5"/>`,
  car: (c, id) => `
    <path d="M28 270 Q28 230 70 222 L112 214 L150 160 Q162 144 186 144 H268 Q292 144 306 162 L342 212 Q374 220 374 256 V286 Q374 302 358 302 H44 Q28 302 28 286 Z" fill="url(#${id}g)"/>
    <path d="M162 168 Q170 158 182 158 H220 V212 H126 Z" fill="#fff" opacity=".78"/>
    <path d="M232 158 H266 Q282 158 290 170 L318 212 H232 Z" fill="#fff" opacity=".78"/>
    <rect x="352" y="238" width="20" height="14" rx="6" fill="#FDE68A"/>
    <rect x="30" y="238" width="16" height="14" rx="6" fill="#FCA5A5"/>
    <circle cx="102" cy="302" r="44" fill="${c.dark}"/><circle cx="102" cy="302" r="18" fill="${c.light}"/>
    <circle cx="298" cy="302" r="44" fill="${c.dark}"/><circle cx="298" cy="302" r="18" fill="${c.light}"/>`,
  tyre: (c) => `
    <circle cx="200" cy="200" r="172" fill="${c.dark}"/>
    ${around(28, 200, 200, `<rect x="193" y="32" width="14" height="26" rx="4" fill="#fff" opacity=".13"/>`)}
    <circle cx="200" cy="200" r="108" fill="#475569"/>
    <circle cx="200" cy="200" r="96" fill="${c.light}"/>
    ${around(5, 200, 200, `<path d="M200 200 L182 112 H218 Z" fill="${c.main}"/>`)}
    <circle cx="200" cy="200" r="30" fill="${c.dark}"/><circle cx="200" cy="200" r="10" fill="${c.light}"/>`,
  helmet: (c, id) => `
    <path d="M66 252 Q56 88 210 78 Q344 78 346 230 V300 H110 Q66 300 66 252 Z" fill="url(#${id}g)"/>
    <path d="M192 150 H328 Q346 150 346 170 V236 H204 Q182 236 182 212 V166 Q182 150 192 150 Z" fill="${c.dark}" opacity=".88"/>
    <path d="M206 170 H300" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35"/>
    <path d="M88 136 Q196 68 306 102" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".5"/>
    <rect x="100" y="296" width="246" height="18" rx="9" fill="${c.dark}"/>`,
  jerrycan: (c, id) => `
    <path d="M90 86 H248 L312 150 V350 Q312 372 290 372 H112 Q90 372 90 350 Z" fill="url(#${id}g)"/>
    <rect x="116" y="104" width="92" height="32" rx="16" fill="${c.dark}" opacity=".35"/>
    <rect x="262" y="54" width="42" height="56" rx="8" fill="${c.dark}" transform="rotate(45 283 82)"/>
    <rect x="118" y="202" width="166" height="118" rx="12" fill="#fff" opacity=".85"/>
    <path d="M200 224 Q228 262 228 280 A28 28 0 0 1 172 280 Q172 262 200 224 Z" fill="${c.main}"/>`,
  book: (c, id) => `
    <rect x="100" y="46" width="230" height="316" rx="12" fill="${c.dark}"/>
    <rect x="106" y="54" width="218" height="302" rx="6" fill="#FFFBEB"/>
    <rect x="72" y="36" width="236" height="316" rx="12" fill="url(#${id}g)"/>
    <rect x="72" y="36" width="30" height="316" rx="10" fill="${c.dark}" opacity=".25"/>
    <rect x="132" y="96" width="144" height="64" rx="8" fill="#fff" opacity=".85"/>
    <rect x="150" y="116" width="108" height="9" rx="4.5" fill="${c.main}"/><rect x="166" y="134" width="76" height="7" rx="3.5" fill="${c.main}" opacity=".5"/>
    <path d="M250 352 V392 L266 378 L282 392 V352 Z" fill="${GOLD}"/>`,
  books: (c, id) => `
    <rect x="58" y="282" width="292" height="74" rx="10" fill="${c.main}"/>
    <rect x="318" y="292" width="24" height="54" fill="#FFFBEB"/>
    <rect x="86" y="206" width="262" height="72" rx="10" fill="url(#${id}g)"/>
    <rect x="94" y="216" width="22" height="52" fill="#FFFBEB"/>
    <rect x="48" y="130" width="282" height="72" rx="10" fill="${c.dark}"/>
    <rect x="298" y="140" width="24" height="52" fill="#FFFBEB"/>
    <path d="M90 130 V202 M110 130 V202" stroke="${GOLD}" stroke-width="6"/>
    <path d="M300 206 V278 M150 282 V356" stroke="#fff" stroke-width="6" opacity=".5"/>`,
  notebook: (c, id) => `
    <rect x="92" y="30" width="222" height="330" rx="16" fill="url(#${id}g)"/>
    ${grid(1, 9, 92, 56, 0, 34, (x, y) => `<circle cx="${x}" cy="${y}" r="11" fill="none" stroke="${c.dark}" stroke-width="6"/>`)}
    <rect x="142" y="90" width="132" height="70" rx="8" fill="#fff" opacity=".9"/>
    <rect x="158" y="112" width="100" height="8" rx="4" fill="${c.main}" opacity=".6"/><rect x="158" y="132" width="70" height="8" rx="4" fill="${c.main}" opacity=".35"/>
    <g transform="rotate(32 300 250)"><rect x="282" y="120" width="36" height="200" fill="${GOLD}"/>
    <rect x="282" y="104" width="36" height="20" rx="4" fill="#F9A8D4"/>
    <path d="M282 320 H318 L300 366 Z" fill="#F5D0A9"/><path d="M294 351 L300 366 L306 351 Z" fill="${c.dark}"/></g>`,
  pencils: (c, id) => `
    <g transform="rotate(-12 160 170)"><rect x="140" y="40" width="30" height="180" fill="${GOLD}"/><path d="M140 40 L155 8 L170 40 Z" fill="#F5D0A9"/></g>
    <g transform="rotate(10 240 170)"><rect x="226" y="30" width="28" height="190" fill="${c.accent}"/><path d="M226 30 L240 0 L254 30 Z" fill="${c.dark}"/></g>
    <rect x="188" y="52" width="24" height="170" rx="6" fill="${c.dark}"/>
    <g transform="rotate(-4 120 170)"><rect x="112" y="80" width="20" height="150" rx="4" fill="${c.main}"/></g>
    <path d="M104 186 H296 L278 372 H122 Z" fill="url(#${id}g)"/>
    <rect x="96" y="176" width="208" height="22" rx="8" fill="${c.dark}"/>
    <path d="M130 230 V340" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".3"/>`,
  plant: (c, id) => `
    <path d="M200 248 V136" stroke="#15803D" stroke-width="11" stroke-linecap="round"/>
    <path d="M200 186 Q118 176 104 100 Q190 96 200 186 Z" fill="#22C55E"/>
    <path d="M200 156 Q282 144 298 60 Q210 60 200 156 Z" fill="#16A34A"/>
    <path d="M200 186 Q150 150 130 118" fill="none" stroke="#BBF7D0" stroke-width="4" opacity=".8"/>
    <path d="M118 256 H282 L260 372 H140 Z" fill="url(#${id}g)"/>
    <rect x="104" y="238" width="192" height="34" rx="9" fill="${c.main}"/>`,
  spade: (c, id) => `
    <g transform="rotate(24 200 200)">
    <path d="M164 14 H236 Q248 14 248 26 V70 H152 V26 Q152 14 164 14 Z" fill="${c.dark}"/>
    <rect x="174" y="28" width="52" height="26" rx="10" fill="#fff" opacity=".9"/>
    <rect x="188" y="66" width="24" height="200" fill="#B45309"/>
    <rect x="194" y="76" width="6" height="180" rx="3" fill="#fff" opacity=".25"/>
    <rect x="176" y="250" width="48" height="34" rx="6" fill="url(#${id}g)"/>
    <path d="M136 280 H264 V330 Q264 372 200 394 Q136 372 136 330 Z" fill="${c.light}"/>
    <path d="M150 292 V334 Q152 360 178 372" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".7"/></g>`,
  tank: (c, id) => `
    <rect x="158" y="56" width="84" height="40" rx="10" fill="${c.dark}"/>
    <rect x="86" y="86" width="228" height="266" rx="44" fill="url(#${id}g)"/>
    <path d="M86 146 H314 M86 198 H314 M86 250 H314 M86 302 H314" stroke="${c.dark}" stroke-width="6" opacity=".18"/>
    <rect x="106" y="104" width="18" height="224" rx="9" fill="#fff" opacity=".25"/>
    <rect x="304" y="306" width="44" height="16" rx="5" fill="${c.dark}"/><rect x="334" y="318" width="12" height="22" rx="4" fill="${c.dark}"/>
    <rect x="74" y="346" width="252" height="22" rx="8" fill="${c.dark}" opacity=".6"/>`,
  eggs: (c, id) => `
    ${[
      [120, 196, '#E8C49A'],
      [280, 196, '#F3DDBC'],
      [200, 160, '#FBF3E4'],
      [150, 236, '#FBF3E4'],
      [250, 236, '#E8C49A'],
    ]
      .map(([x, y, fill]) => `<ellipse cx="${x}" cy="${y}" rx="52" ry="66" fill="${fill}" stroke="#C9A27A" stroke-width="3"/><ellipse cx="${Number(x) - 18}" cy="${Number(y) - 26}" rx="11" ry="18" fill="#fff" opacity=".55"/>`)
      .join('')}
    <path d="M34 236 H366 Q358 372 200 372 Q42 372 34 236 Z" fill="url(#${id}g)"/>
    <path d="M34 236 H366" stroke="${c.dark}" stroke-width="8" stroke-linecap="round" opacity=".25"/>
    <path d="M80 276 Q200 300 320 276" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".35"/>`,
  picture: (c, id) => `
    <rect x="40" y="70" width="320" height="260" rx="24" fill="#fff"/>
    <rect x="62" y="92" width="276" height="216" rx="12" fill="url(#${id}g)"/>
    <path d="M62 292 L150 200 L210 258 L262 214 L338 290 V296 Q338 308 326 308 H74 Q62 308 62 296 Z" fill="#fff" opacity=".55"/>
    <circle cx="270" cy="148" r="26" fill="#fff" opacity=".75"/>`,
} satisfies Record<string, IconDrawer>;

type Scene = { rng: Random; width: number; height: number };

function backdrop({ rng, width, height }: Scene): string {
  const [from, to] = rng.pick(BACKDROPS);
  const diagonal = rng.pick(['x1="0" y1="0" x2="1" y2="1"', 'x1="1" y1="0" x2="0" y2="1"', 'x1="0" y1="0" x2="0" y2="1"']);
  let shapes = '';
  for (let i = 0, n = rng.int(2, 4); i < n; i++) {
    const r = rng.int(Math.round(height * 0.12), Math.round(height * 0.32));
    shapes += `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="#fff" opacity="${(rng.int(12, 30) / 100).toFixed(2)}"/>`;
  }
  if (rng.chance(0.5)) {
    const dotX = rng.pick([width * 0.08, width * 0.78]);
    shapes += grid(5, 5, dotX, height * rng.pick([0.08, 0.72]), height * 0.035, height * 0.035, (x, y) => `<circle cx="${x}" cy="${y}" r="${height * 0.006}" fill="#fff" opacity=".7"/>`);
  }
  return (
    `<defs><linearGradient id="bg" ${diagonal}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes}`
  );
}

/** One illustration centred at (cx, cy), `size` pixels across, with a glow behind and a shadow below. */
function placedIcon(kind: IconKind, rng: Random, id: string, cx: number, cy: number, size: number, tilt: number): string {
  const [main, accent] = rng.pick(PRODUCT_TONES);
  const colors: Colors = { main, accent, dark: DARK, light: LIGHT };
  const scale = size / 400;
  const angle = rng.int(-tilt, tilt);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${size * 0.62}" fill="url(#glow)"/>` +
    `<ellipse cx="${cx}" cy="${cy + size * 0.5}" rx="${size * 0.4}" ry="${size * 0.05}" fill="#0F172A" opacity=".13"/>` +
    `<defs>${gradient(id, colors)}</defs>` +
    `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${scale}) translate(-200 -200)">${ICONS[kind](colors, id)}</g>`
  );
}

function squareSvg(kind: IconKind, rng: Random, size: number): string {
  const scene = { rng, width: 800, height: 800 };
  const iconSize = rng.int(480, 550);
  const body = backdrop(scene) + placedIcon(kind, rng, 'i', 400 + rng.int(-20, 20), 390 + rng.int(-15, 15), iconSize, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">${body}</svg>`;
}

/** Wide banner: the left side stays calm (the UI may lay text over it), illustrations sit on the right. */
function bannerSvg(kinds: IconKind[], rng: Random): string {
  const scene = { rng, width: 1200, height: 400 };
  const slots = [
    { cx: 900, cy: 190, size: 250 },
    { cx: 680, cy: 250, size: 150 },
    { cx: 1090, cy: 270, size: 140 },
  ];
  const icons = slots
    .map((slot, i) => {
      const kind = kinds[i % kinds.length]!;
      return placedIcon(kind, rng, `i${i}`, slot.cx, slot.cy, slot.size, 10);
    })
    .join('');
  const band = `<path d="M0 0 H560 Q460 200 560 400 H0 Z" fill="#fff" opacity=".35"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">${backdrop(scene)}${band}${icons}</svg>`;
}

type RenderJob = { file: string; svg: () => string };

async function renderAll(dir: string, jobs: RenderJob[], onProgress?: (done: number, total: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const target = path.join(dir, job.file);
      if (!existsSync(target)) {
        await sharp(Buffer.from(job.svg())).jpeg({ quality: 80, mozjpeg: true }).toFile(target);
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
  dir: string,
  categoriesTree: readonly ImageCategory[],
  onProgress?: (done: number, total: number) => void,
): Promise<ImagePool> {
  mkdirSync(dir, { recursive: true });
  const pool: ImagePool = {};
  const rngFor = (name: string) => new Random(hashString(name));
  const jobs: RenderJob[] = [{ file: DEFAULT_IMAGE, svg: () => squareSvg('picture', rngFor(DEFAULT_IMAGE), 800) }];

  for (const parent of categoriesTree) {
    const parentCategoryFile = categoryImageName(parent.slug);
    const bannerFile = bannerImageName(parent.slug);
    const bannerKinds = [parent.icon, ...parent.children.map((child) => child.icon).filter((kind) => kind !== parent.icon)];
    jobs.push({ file: parentCategoryFile, svg: () => squareSvg(parent.icon, rngFor(parentCategoryFile), 400) });
    jobs.push({ file: bannerFile, svg: () => bannerSvg(bannerKinds, rngFor(bannerFile)) });

    for (const child of parent.children) {
      const childCategoryFile = categoryImageName(child.slug);
      jobs.push({ file: childCategoryFile, svg: () => squareSvg(child.icon, rngFor(childCategoryFile), 400) });
      pool[child.slug] = [];
      for (let n = 1; n <= IMAGES_PER_CHILD; n++) {
        const file = productImageName(child.slug, n);
        pool[child.slug]!.push(file);
        jobs.push({ file, svg: () => squareSvg(child.icon, rngFor(file), 800) });
      }
    }
  }

  await renderAll(dir, jobs, onProgress);
  return pool;
}
