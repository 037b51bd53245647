/** The demo catalogue's products and their reviews, drawn from the category tree of the data files. */
import type { ProductAttribute, ProductVariants, products, reviews } from '../db/schema';
import { slugify } from '../../lib/slug';
import { normalizeBrand } from '../../lib/brands';
import {
  UNBRANDED,
  type ChildCategorySeed,
  type ParentCategorySeed,
  type ProductLine,
  type ProductTexts,
  type ReviewComments,
  type VendorData,
} from './catalogue';
import { CATALOGUE_AGE_DAYS, DAY_MS, momentAfter, REFERENCE_DATE } from './dates';
import type { ImagePool } from './images';
import type { Random } from './random';

type ProductInsert = typeof products.$inferInsert;
type ReviewInsert = typeof reviews.$inferInsert;

const HOME_SECTION_SIZE = 36;
export const MAX_REVIEWS_PER_PRODUCT = 12;
const PLACEHOLDER = /\{([^}]+)\}/g;

/** Retail-looking price steps: 500s below 20,000, then 1,000s, 5,000s and 10,000s. */
const priceStep = (value: number) => (value < 20_000 ? 500 : value < 200_000 ? 1_000 : value < 1_000_000 ? 5_000 : 10_000);

function roundPrice(value: number): number {
  const step = priceStep(value);
  return Math.max(step, Math.round(value / step) * step);
}

/** An earlier, higher price 10–45% above the current one (never equal to it after rounding). */
const oldPriceFor = (rng: Random, price: number) => Math.max(roundPrice(price * (1.1 + rng.next() * 0.35)), price + priceStep(price));

/** Models are listed cheapest first, so each gets its slice of the line's range (with a little overlap). */
function modelPrice(rng: Random, line: ProductLine, modelIndex: number): number {
  const [min, max] = line.price;
  const slice = (max - min) / line.models.length;
  const low = Math.max(min, min + slice * (modelIndex - 0.1));
  const high = Math.min(max, min + slice * (modelIndex + 1.1));
  return roundPrice(low + rng.next() * (high - low));
}

type VendorPool = { approved: number[]; unapproved: number[] };

/** Vendors who sell in each parent category; every category falls back to all vendors of that kind. */
export function vendorPools(categories: readonly ParentCategorySeed[], vendors: readonly VendorData[], vendorIds: number[]): Map<string, VendorPool> {
  const everyone: VendorPool = { approved: [], unapproved: [] };
  vendors.forEach((vendor, i) => (vendor.status === 'Active' ? everyone.approved : everyone.unapproved).push(vendorIds[i]!));
  const pools = new Map<string, VendorPool>();
  for (const parent of categories) {
    const pool: VendorPool = { approved: [], unapproved: [] };
    vendors.forEach((vendor, i) => {
      if (vendor.sells.includes(parent.slug)) (vendor.status === 'Active' ? pool.approved : pool.unapproved).push(vendorIds[i]!);
    });
    pools.set(parent.slug, {
      approved: pool.approved.length > 0 ? pool.approved : everyone.approved,
      unapproved: pool.unapproved.length > 0 ? pool.unapproved : everyone.unapproved,
    });
  }
  return pools;
}

/** Distinct product positions for one home-page section. */
export function pickPositions(rng: Random, productCount: number): Set<number> {
  const chosen = new Set<number>();
  const wanted = Math.min(HOME_SECTION_SIZE, productCount);
  while (chosen.size < wanted) chosen.add(rng.int(0, productCount - 1));
  return chosen;
}

type CategoryChoice = { parent: ParentCategorySeed; child: ChildCategorySeed };

/** Every child category with its parent, and its share of the products: its parent's weight split evenly. */
export function categoryChoices(categories: readonly ParentCategorySeed[]): { choices: CategoryChoice[]; weights: number[] } {
  const choices = categories.flatMap((parent) => parent.children.map((child) => ({ parent, child })));
  return { choices, weights: choices.map(({ parent }) => parent.weight / parent.children.length) };
}

export type CatalogueContext = {
  categoryIds: Map<string, number>;
  categories: ReturnType<typeof categoryChoices>;
  imagePool: ImagePool;
  vendors: Map<string, VendorPool>;
  homeSections: [Set<number>, Set<number>, Set<number>];
  texts: ProductTexts;
};

function productName(rng: Random, child: ChildCategorySeed, line: ProductLine, model: string, specs: Map<string, string>): string {
  const format = rng.pick(line.nameFormats ?? child.nameFormats ?? ['{brand} {model}']);
  const value = (key: string) => (key === 'brand' ? (line.brand === UNBRANDED ? '' : line.brand) : key === 'model' ? model : specs.get(key));
  const usable = [...format.matchAll(PLACEHOLDER)].every((match) => value(match[1]!) !== undefined);
  return (usable ? format : '{brand} {model}')
    .replace(PLACEHOLDER, (_, key: string) => value(key) ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search words that truly describe the product: brand, model, category names and the category keywords found in its name. */
function productKeywords(name: string, line: ProductLine, model: string, parent: ParentCategorySeed, child: ChildCategorySeed): string[] {
  const lowerName = name.toLowerCase();
  const fitting = child.keywords.filter((keyword) => keyword.split(' ').every((word) => lowerName.includes(word)));
  const brand = line.brand === UNBRANDED ? [] : [line.brand.toLowerCase()];
  return [...new Set([...brand, model.toLowerCase(), ...fitting, child.name.toLowerCase(), parent.name.toLowerCase()])];
}

type DescriptionInput = {
  name: string;
  brand: string;
  blurbs: readonly string[];
  specs: ProductAttribute[];
  colors: string[];
  sizes: string[];
};

/** A one-line summary and a plain-text description (paragraphs separated by blank lines). */
function describeProduct(rng: Random, input: DescriptionInput, texts: ProductTexts): { summary: string; description: string } {
  const fill = (text: string) => text.replaceAll('{name}', input.name).replaceAll('{brand}', input.brand);
  const highlights = input.specs.filter((spec) => !input.name.includes(spec.value)).slice(0, 3);
  const highlightText = highlights.map((spec) => `${spec.name.toLowerCase()} ${spec.value}`).join(', ');
  const summary = `${input.name}${highlightText ? ` — ${highlightText}` : ''}. ${rng.pick(texts.summaryClosers)}`;

  const brandFree = input.blurbs.filter((blurb) => !blurb.includes('{brand}'));
  const paragraphs = [fill(rng.pick(input.brand === UNBRANDED && brandFree.length > 0 ? brandFree : input.blurbs))];
  paragraphs.push(['Key features:', ...input.specs.map((spec) => `• ${spec.name}: ${spec.value}`)].join('\n'));
  const options: string[] = [];
  if (input.colors.length > 0) options.push(`Available colours: ${input.colors.join(', ')}.`);
  if (input.sizes.length > 0) options.push(`Sizes: ${input.sizes.join(', ')}.`);
  if (options.length > 0) paragraphs.push(options.join(' '));
  paragraphs.push(rng.sample(texts.serviceNotes, 2).join(' '));
  return { summary, description: paragraphs.join('\n\n') };
}

/** The product at `position` in the catalogue: a model of a product line of a weighted-random child category. */
export function productRow(rng: Random, position: number, context: CatalogueContext): ProductInsert {
  const { parent, child } = context.categories.choices[rng.weightedIndex(context.categories.weights)]!;
  const line = rng.pick(child.lines);
  const modelIndex = rng.int(0, line.models.length - 1);
  const model = line.models[modelIndex]!;

  const specs = new Map<string, string>();
  for (const [name, values] of Object.entries({ ...child.specs, ...line.specs })) {
    if (values.length > 0) specs.set(name, rng.pick(values));
  }
  const name = productName(rng, child, line, model, specs);
  // The product line's brand as the store keeps brands ("Samsung Galaxy" is "Samsung"); its name keeps the line.
  const brandLabel = child.brandLabel ?? 'Brand';
  const attributes: ProductAttribute[] = [{ name: brandLabel, value: brandLabel === 'Brand' ? normalizeBrand(line.brand) : line.brand }];
  if (child.modelLabel) attributes.push({ name: child.modelLabel, value: model });
  for (const [specName, value] of specs) attributes.push({ name: specName, value });

  const colorPool = line.colors ?? child.colors ?? [];
  const colors = colorPool.length === 0 ? [] : rng.sampleInOrder(colorPool, rng.int(Math.min(2, colorPool.length), Math.min(4, colorPool.length)));
  const sizePool = line.sizes ?? child.sizes ?? [];
  const sizeCount = sizePool.length === 0 ? 0 : rng.int(Math.min(3, sizePool.length), sizePool.length);
  const sizeStart = rng.int(0, sizePool.length - sizeCount);
  const sizes = sizePool.slice(sizeStart, sizeStart + sizeCount);
  const variants: ProductVariants = {};
  for (const [option, values] of Object.entries(child.variants ?? {})) {
    variants[option] = rng.sampleInOrder(values, rng.int(2, Math.min(3, values.length)));
  }

  const [flashDeals, featured, topPicks] = context.homeSections;
  const onHomePage = flashDeals.has(position) || featured.has(position) || topPicks.has(position);
  const price = modelPrice(rng, line, modelIndex);
  const discounted = flashDeals.has(position) || rng.chance(0.6);
  const oldPrice = discounted ? oldPriceFor(rng, price) : null;

  const totalItems = rng.int(5, 500);
  const soldOut = !onHomePage && rng.chance(0.03);
  const itemsSold = soldOut ? totalItems : Math.floor(totalItems * rng.next() * 0.9);

  const pool = context.imagePool[child.slug] ?? [];
  const featurePhoto = rng.pick(pool);
  const gallery = [
    featurePhoto,
    ...rng.sample(
      pool.filter((file) => file !== featurePhoto),
      2,
    ),
  ];

  const keywords = productKeywords(name, line, model, parent, child);
  const tags = [...rng.sample(child.tags, rng.int(2, child.tags.length)), ...(rng.chance(0.3) ? [rng.pick(context.texts.extraTags)] : [])];

  const { summary, description } = describeProduct(rng, { name, brand: line.brand, blurbs: child.blurbs, specs: attributes, colors, sizes }, context.texts);
  const createdAt = new Date(Math.floor((REFERENCE_DATE - rng.next() * CATALOGUE_AGE_DAYS * DAY_MS) / 1000) * 1000);
  const vendorPool = context.vendors.get(parent.slug)!;
  const vendor = vendorPool.unapproved.length > 0 && rng.chance(0.04) ? rng.pick(vendorPool.unapproved) : rng.pick(vendorPool.approved);

  return {
    name,
    metric: line.metric ?? child.metric ?? 'Piece',
    currency: 'UGX',
    description,
    summary,
    price_1: price,
    price_2: oldPrice,
    feature_photo: featurePhoto,
    rates: gallery.map((src) => ({ src })),
    user: vendor,
    supplier: vendor,
    category: context.categoryIds.get(parent.slug)!,
    sub_category: context.categoryIds.get(child.slug)!,
    url: slugify(name),
    status: !onHomePage && rng.chance(0.03) ? 0 : 1,
    in_stock: itemsSold === totalItems ? 0 : 1,
    keywords,
    p_type: rng.chance(0.08) ? 'Yes' : 'No',
    has_colors: colors.length > 0 ? 'Yes' : 'No',
    colors: colors.join(','),
    has_sizes: sizes.length > 0 ? 'Yes' : 'No',
    sizes: sizes.join(','),
    tags: tags.join(','),
    attributes,
    variants,
    items_sold: itemsSold,
    total_items: totalItems,
    home_section_1: flashDeals.has(position) ? 1 : 0,
    home_section_2: featured.has(position) ? 1 : 0,
    home_section_3: topPicks.has(position) ? 1 : 0,
    created_at: createdAt,
    updated_at: momentAfter(rng, createdAt),
  };
}

/** Reviews for one product (product_id filled in once the product has an id), ratings skewed positive. */
export function productReviews(rng: Random, productCreated: Date, buyerIds: number[], comments: ReviewComments): Omit<ReviewInsert, 'product_id'>[] {
  const count = rng.int(0, Math.min(MAX_REVIEWS_PER_PRODUCT, buyerIds.length));
  // One product in eight is a dud and collects noticeably worse ratings.
  const ratingWeights = rng.chance(0.125) ? [18, 20, 25, 22, 15] : [3, 4, 9, 30, 54];
  return rng.sample(buyerIds, count).map((userId) => {
    const rating = (rng.weightedIndex(ratingWeights) + 1) as 1 | 2 | 3 | 4 | 5;
    const createdAt = momentAfter(rng, productCreated);
    return {
      user_id: userId,
      rating,
      comment: rng.pick(comments[rating]),
      verified_purchase: rng.chance(0.75) ? 1 : 0,
      helpful_count: rng.chance(0.15) ? rng.int(4, 40) : rng.int(0, 3),
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}
