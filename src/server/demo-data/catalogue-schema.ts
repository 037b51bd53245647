/**
 * The shape of the demo catalogue's data files (catalogue/*.json). They are checked when they are loaded,
 * so a mistake made while editing one is reported with its file and field instead of turning into odd
 * rows or a crash halfway through a seed. Minimum lengths are what the generator draws from a list.
 */
import { z } from 'zod';

const text = z.string().min(1);
const texts = z.array(text);
const someTexts = texts.min(1);
const money = z.int().positive();
const metric = z.enum(['Piece', 'Kg', 'Litre', 'Pack']);
/** Option name → candidate values; one value is picked per product. */
const choices = z.record(text, texts);

export const productLineSchema = z.strictObject({
  brand: text,
  /** Listed cheapest first: each model is priced within its own slice of the range. */
  models: someTexts,
  /** Inclusive UGX range for one unit. */
  price: z.tuple([money, money]).refine(([lowest, highest]) => lowest <= highest, 'the lowest price comes first'),
  /** Merged over the category's specs; an empty list drops that spec. */
  specs: choices.optional(),
  metric: metric.optional(),
  /** These replace the category's own; an empty list means none. */
  colors: texts.optional(),
  sizes: texts.optional(),
  nameFormats: someTexts.optional(),
});

const childCategorySchema = z.strictObject({
  name: text,
  /** A drawing of pictures.json's `icons`. */
  icon: text,
  attributes: texts,
  metric: metric.optional(),
  /** Specification name the brand is listed under; 'Brand' (the one the brand filter reads) unless set. */
  brandLabel: text.optional(),
  /** Specification name the model is listed under ('Model', 'Style', 'Title'…); absent when the model is just a description. */
  modelLabel: text.optional(),
  /** Name patterns: {brand}, {model} and any spec name in braces, e.g. '{brand} {model} {RAM} RAM'. */
  nameFormats: someTexts.optional(),
  lines: z.array(productLineSchema).min(1),
  specs: choices,
  colors: texts.optional(),
  /** Ordered smallest to largest; a product offers a contiguous run of them. */
  sizes: texts.optional(),
  /** A product offers two or three of each option's values. */
  variants: z.record(text, texts.min(2)).optional(),
  keywords: texts,
  tags: texts.min(2),
  /** Opening paragraphs; {name} and {brand} are filled in. */
  blurbs: someTexts,
});

/** One file of catalogue/categories/: a parent category and its children, named by the parent's slug. */
export const parentCategorySchema = z.strictObject({
  name: text,
  icon: text,
  attributes: texts,
  showInBanner: z.boolean(),
  showInCategories: z.boolean(),
  /** Relative share of the catalogue's products. */
  weight: z.number().positive(),
  children: z.array(childCategorySchema).min(1),
});

const vendorSchema = z.strictObject({
  business: text,
  firstName: text,
  lastName: text,
  sex: z.enum(['Male', 'Female']),
  address: text,
  /** Parent category slugs this shop sells in; the first names its logo and cover picture. */
  sells: texts,
  status: z.enum(['Active', 'Pending', 'Suspended']),
  intro: text,
});

export const vendorsSchema = z.strictObject({
  licenceAuthorities: someTexts,
  vendors: z
    .array(vendorSchema)
    .refine((vendors) => vendors.some((vendor) => vendor.status === 'Active'), 'at least one vendor is Active (the demo vendor account)'),
});

export const buyersSchema = z.strictObject({
  firstNames: z.strictObject({ Female: someTexts, Male: someTexts }),
  surnames: someTexts,
  /** Where buyers live, as "area, district". */
  residentialAreas: someTexts,
});

export const deliveryLocationsSchema = z
  .array(z.strictObject({ name: text, region: text, fee: z.int().nonnegative(), days: z.tuple([z.int().min(0), z.int().min(0)]) }))
  .min(1);

/** A word's names in Luganda and Swahili. */
const translated = z.strictObject({ lg: text, sw: text });
const wordsOfKind = z.record(text, translated);

/**
 * The catalogue's words in Luganda and Swahili, by kind, keyed by the English the other files write: every
 * category, colour, size, specification and option name, option value, region and place name a shopper reads.
 * A size or name said the same in all three (XS, 42, Kampala) is listed too, so a missing one stands out.
 */
export const catalogueWordsSchema = z.strictObject({
  category: wordsOfKind,
  colour: wordsOfKind,
  size: wordsOfKind,
  spec: wordsOfKind,
  value: wordsOfKind,
  region: wordsOfKind,
});

/** Review comments by star rating. */
export const reviewCommentsSchema = z.strictObject({ 1: someTexts, 2: someTexts, 3: someTexts, 4: someTexts, 5: someTexts });

export const productTextsSchema = z.strictObject({
  /** The last sentence of a product's summary. */
  summaryClosers: someTexts,
  /** Two of them close each product's description. */
  serviceNotes: texts.min(2),
  /** Three products in ten get one of these beside their category's tags. */
  extraTags: someTexts,
});

const ICON_COLOURS = ['main', 'accent', 'dark', 'light', 'gold', 'id'];

/** SVG markup whose {placeholders} are only the given names. */
const svg = (names: string[]) =>
  text.refine(
    (markup) => [...markup.matchAll(/\{(\w+)\}/g)].every(([, name]) => names.includes(name!)),
    `placeholders are ${names.map((name) => `{${name}}`).join(', ')}`,
  );
const coordinate = z.number();
const colour = z.string().regex(/^#[0-9A-F]{6}$/, 'a colour is #RRGGBB');
const colourPair = z.tuple([colour, colour]);

/**
 * A piece of an icon drawn in a 400×400 box: SVG markup with {main}, {accent}, {dark}, {light} and {gold}
 * colours and {id} (which keeps gradient ids apart within one picture), a screen's shine, or a shape repeated
 * on a grid ({x} and {y} are each copy's position) or around a centre.
 */
const iconPartSchema = z.union([
  svg(ICON_COLOURS),
  z.strictObject({ shine: z.strictObject({ x: coordinate, y: coordinate, width: coordinate, height: coordinate }) }),
  z.strictObject({
    grid: z.strictObject({ columns: z.int().positive(), rows: z.int().positive(), x: coordinate, y: coordinate, dx: coordinate, dy: coordinate }),
    shape: svg([...ICON_COLOURS, 'x', 'y']),
  }),
  z.strictObject({ around: z.strictObject({ count: z.int().positive(), cx: coordinate, cy: coordinate }), shape: svg(ICON_COLOURS) }),
]);

export const picturesSchema = z.strictObject({
  /** The drawings' fixed colours: outlines and screens, light parts, gold trim. */
  colors: z.strictObject({ dark: colour, light: colour, gold: colour }),
  /** Backdrop gradients, soft. */
  backdrops: z.array(colourPair).min(1),
  /** A product's body colours: a rich main tone and a lighter companion for gradients. */
  productTones: z.array(colourPair).min(1),
  icons: z
    .record(text, z.array(iconPartSchema).min(1))
    .refine((icons) => 'picture' in icons, 'icons has "picture", the drawing of the fallback picture shown where an image is missing'),
});

export type ProductLine = z.infer<typeof productLineSchema>;
export type ParentCategoryData = z.infer<typeof parentCategorySchema>;
export type ChildCategoryData = z.infer<typeof childCategorySchema>;
export type VendorData = z.infer<typeof vendorSchema>;
export type Buyers = z.infer<typeof buyersSchema>;
export type DeliveryLocationData = z.infer<typeof deliveryLocationsSchema>[number];
export type ReviewComments = z.infer<typeof reviewCommentsSchema>;
export type ProductTexts = z.infer<typeof productTextsSchema>;
export type Pictures = z.infer<typeof picturesSchema>;
export type CatalogueWordsData = z.infer<typeof catalogueWordsSchema>;
export type IconPart = z.infer<typeof iconPartSchema>;
