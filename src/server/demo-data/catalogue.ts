/**
 * The demo catalogue's raw material, read from the JSON files in catalogue/: a Ugandan category tree with
 * product lines (brands, models and UGX price ranges; prices are per line so a Galaxy S24 Ultra and an itel
 * A70 never share a range), Kampala vendors, buyers' names, delivery locations, review comments, the wording
 * of product descriptions and the drawings of the pictures. Checked against catalogue-schema.ts on first use.
 *
 * The files are imported statically, so tsx and any bundler carry them along with this module.
 */
import { z } from 'zod';
import { slugify } from '../../lib/slug';
import {
  buyersSchema,
  catalogueWordsSchema,
  deliveryLocationsSchema,
  parentCategorySchema,
  picturesSchema,
  productTextsSchema,
  reviewCommentsSchema,
  vendorsSchema,
  type Buyers,
  type CatalogueWordsData,
  type ChildCategoryData,
  type DeliveryLocationData,
  type ParentCategoryData,
  type Pictures,
  type ProductTexts,
  type ReviewComments,
  type VendorData,
} from './catalogue-schema';
import phonesTablets from './catalogue/categories/phones-tablets.json' with { type: 'json' };
import tvsAudio from './catalogue/categories/tvs-audio.json' with { type: 'json' };
import computing from './catalogue/categories/computing.json' with { type: 'json' };
import fashion from './catalogue/categories/fashion.json' with { type: 'json' };
import homeKitchen from './catalogue/categories/home-kitchen.json' with { type: 'json' };
import beautyHealth from './catalogue/categories/beauty-health.json' with { type: 'json' };
import supermarket from './catalogue/categories/supermarket.json' with { type: 'json' };
import babyKids from './catalogue/categories/baby-kids.json' with { type: 'json' };
import sportsOutdoors from './catalogue/categories/sports-outdoors.json' with { type: 'json' };
import automotive from './catalogue/categories/automotive.json' with { type: 'json' };
import booksStationery from './catalogue/categories/books-stationery.json' with { type: 'json' };
import agriculture from './catalogue/categories/agriculture.json' with { type: 'json' };
import vendorsFile from './catalogue/vendors.json' with { type: 'json' };
import buyersFile from './catalogue/buyers.json' with { type: 'json' };
import deliveryLocationsFile from './catalogue/delivery-locations.json' with { type: 'json' };
import reviewCommentsFile from './catalogue/review-comments.json' with { type: 'json' };
import productTextsFile from './catalogue/product-texts.json' with { type: 'json' };
import picturesFile from './catalogue/pictures.json' with { type: 'json' };
import wordsFile from './catalogue/words.json' with { type: 'json' };

/** Parent categories by file name (their slug), in the order the menu shows them and ids are given. */
const CATEGORY_FILES: Record<string, unknown> = {
  'phones-tablets': phonesTablets,
  'tvs-audio': tvsAudio,
  computing,
  fashion,
  'home-kitchen': homeKitchen,
  'beauty-health': beautyHealth,
  supermarket,
  'baby-kids': babyKids,
  'sports-outdoors': sportsOutdoors,
  automotive,
  'books-stationery': booksStationery,
  agriculture,
};

/** The brand of unbranded goods; it is left out of product names and brand-specific wording. */
export const UNBRANDED = 'Generic';

export type ChildCategorySeed = ChildCategoryData & { slug: string };
export type ParentCategorySeed = Omit<ParentCategoryData, 'children'> & { slug: string; children: ChildCategorySeed[] };
export type { Buyers, CatalogueWordsData, DeliveryLocationData, Pictures, ProductLine, ProductTexts, ReviewComments, VendorData } from './catalogue-schema';

export type DemoCatalogue = {
  categories: ParentCategorySeed[];
  licenceAuthorities: string[];
  vendors: VendorData[];
  buyers: Buyers;
  deliveryLocations: DeliveryLocationData[];
  reviewComments: ReviewComments;
  productTexts: ProductTexts;
  pictures: Pictures;
  /** The catalogue's words in Luganda and Swahili. */
  words: CatalogueWordsData;
};

const invalidFile = (file: string, problem: string) => new Error(`The demo catalogue's catalogue/${file} is not valid:\n${problem}`);

/** Checks one data file against its schema; a mistake names the file and the field. */
export function parseCatalogueFile<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidFile(file, z.prettifyError(result.error));
  return result.data;
}

function loadCatalogue(): DemoCatalogue {
  const pictures = parseCatalogueFile('pictures.json', picturesSchema, picturesFile);
  const categories = Object.entries(CATEGORY_FILES).map(([slug, data]): ParentCategorySeed => {
    const file = `categories/${slug}.json`;
    const parent = parseCatalogueFile(file, parentCategorySchema, data);
    if (slugify(parent.name) !== slug) throw invalidFile(file, `✖ the file is named after its category: ${slugify(parent.name)}.json`);
    for (const category of [parent, ...parent.children]) {
      if (!(category.icon in pictures.icons)) throw invalidFile(file, `✖ "${category.name}" is drawn as "${category.icon}", which pictures.json does not draw`);
    }
    return { ...parent, slug, children: parent.children.map((child) => ({ ...child, slug: slugify(child.name) })) };
  });

  const { licenceAuthorities, vendors } = parseCatalogueFile('vendors.json', vendorsSchema, vendorsFile);
  const parentSlugs = new Set(categories.map((parent) => parent.slug));
  for (const vendor of vendors) {
    const unknown = vendor.sells.find((slug) => !parentSlugs.has(slug));
    if (unknown) throw invalidFile('vendors.json', `✖ ${vendor.business} sells in "${unknown}", which is not a parent category's slug`);
  }

  return {
    categories,
    licenceAuthorities,
    vendors,
    buyers: parseCatalogueFile('buyers.json', buyersSchema, buyersFile),
    deliveryLocations: parseCatalogueFile('delivery-locations.json', deliveryLocationsSchema, deliveryLocationsFile),
    reviewComments: parseCatalogueFile('review-comments.json', reviewCommentsSchema, reviewCommentsFile),
    productTexts: parseCatalogueFile('product-texts.json', productTextsSchema, productTextsFile),
    pictures,
    words: parseCatalogueFile('words.json', catalogueWordsSchema, wordsFile),
  };
}

let loaded: DemoCatalogue | undefined;

/** The demo catalogue's data, read and checked once per process. */
export function demoCatalogue(): DemoCatalogue {
  return (loaded ??= loadCatalogue());
}
