/**
 * The shopping screens of the USSD menu: categories, search, a list of products, one product, its colour and size,
 * how many. Read through the catalogue's and search's own services (the same cached reads and the same search,
 * synonyms in Luganda and Swahili included, as the web's product list).
 */
import { listCategories, type ApiCategory } from '../catalog/categories';
import { findProduct, listProducts, type ApiProduct, type ApiProductDetails } from '../catalog/products';
import { parseProductQuery } from '../catalog/product-query';
import { splitList } from '../../lib/lists';
import { groupThousands, toShillings } from '../../lib/money';
import { BACK_KEY, PAGE_SIZE } from './screen';
import { answerPaged, backChoice, chooseAgain, listChoices, pageOfList, type ListPage } from './ussd-lists';
import { typedNumber } from './text-path';
import type { Draft, Place, Step, UssdContext } from './ussd-places';

/** The most of one product a USSD order takes (the web's cart takes 99 a line). */
const MOST_PER_ORDER = 99;
/** The shortest search: one letter finds too much to page through on a phone. */
const SHORTEST_SEARCH = 2;

type CategoriesPlace = Extract<Place, { kind: 'categories' }>;
type ProductsPlace = Extract<Place, { kind: 'products' }>;
type ProductPlace = Extract<Place, { kind: 'product' }>;
type OptionPlace = Extract<Place, { kind: 'colour' | 'size' }>;

/** The categories under `parent` (the top ones for null) that have products for sale. */
async function categoriesUnder(parent: number | null): Promise<ApiCategory[]> {
  return (await listCategories()).filter((category) => category.parent_id === parent && category.product_count > 0);
}

export const categoriesStep: Step<CategoriesPlace> = {
  async draw(ctx, place) {
    const page = pageOfList(await categoriesUnder(place.parent), place.page);
    if (page.items.length === 0) return { lines: [ctx.tr.t.ussd.empty], choices: [backChoice(ctx)] };
    return { lines: [ctx.tr.t.ussd.categories], choices: listChoices(ctx, page, (category) => category.category) };
  },
  async answer(ctx, place, input) {
    const page = pageOfList(await categoriesUnder(place.parent), place.page);
    return answerPaged(ctx, place, page, input, async (category) =>
      (await categoriesUnder(category.id)).length > 0
        ? { to: { kind: 'categories', parent: category.id, page: 1 } }
        : { to: { kind: 'products', category: category.id, search: null, page: 1 } },
    );
  },
};

export const searchStep: Step<Extract<Place, { kind: 'search' }>> = {
  draw: (ctx) => ({ lines: [ctx.tr.t.ussd.searchPrompt], choices: [backChoice(ctx)] }),
  answer(ctx, _place, input) {
    if (input === BACK_KEY) return { back: true };
    if (input.replace(/[^\p{L}\p{N}]/gu, '').length < SHORTEST_SEARCH) return { stay: ctx.tr.t.ussd.searchShort };
    return { to: { kind: 'products', category: null, search: input.slice(0, 60), page: 1 } };
  },
};

/** A page of products in a category or found by a search: the web's product list, five at a time. */
async function productsPage(place: ProductsPlace): Promise<ListPage<ApiProduct>> {
  const params = new URLSearchParams({ page: String(place.page), limit: String(PAGE_SIZE) });
  if (place.category !== null) params.set('category', String(place.category));
  if (place.search) params.set('search', place.search);
  const { items, total } = await listProducts(parseProductQuery(params));
  return { items, more: total > place.page * PAGE_SIZE };
}

export const productsStep: Step<ProductsPlace> = {
  async draw(ctx, place) {
    const page = await productsPage(place);
    const { t, fill } = ctx.tr;
    if (page.items.length === 0) {
      const none = place.search ? fill(t.ussd.nothingFound, { term: place.search }) : t.ussd.empty;
      return { lines: [none], choices: [backChoice(ctx)] };
    }
    const title = place.search ? [fill(t.ussd.found, { term: place.search })] : [];
    return {
      lines: title,
      choices: listChoices(
        ctx,
        page,
        (product) => product.name,
        (product) => groupThousands(toShillings(product.price_1)),
      ),
    };
  },
  async answer(ctx, place, input) {
    return answerPaged(ctx, place, await productsPage(place), input, (product) => ({ to: { kind: 'product', id: product.id } }));
  },
};

/** The colours and sizes a buyer chooses among (none when the product has none). */
export function productOptions(product: Pick<ApiProduct, 'has_colors' | 'colors' | 'has_sizes' | 'sizes'>): { colours: string[]; sizes: string[] } {
  return {
    colours: product.has_colors === 'Yes' ? splitList(product.colors) : [],
    sizes: product.has_sizes === 'Yes' ? splitList(product.sizes) : [],
  };
}

/** Units left to sell. */
export const unitsLeft = (product: Pick<ApiProduct, 'stock' | 'in_stock'>) =>
  product.in_stock ? Math.max(0, product.stock.total_items - product.stock.items_sold) : 0;

/** The product the draft is about, when it is still for sale. */
export async function draftProduct(draft: Draft): Promise<ApiProductDetails | null> {
  return draft.product_id === undefined ? null : findProduct(draft.product_id);
}

/** After the product and each option chosen: the next thing to ask. */
export function nextAfterOptions(product: ApiProduct, draft: Draft): Place {
  const { colours, sizes } = productOptions(product);
  if (colours.length > 0 && !draft.color) return { kind: 'colour', page: 1 };
  if (sizes.length > 0 && !draft.size) return { kind: 'size', page: 1 };
  return { kind: 'quantity' };
}

export const productStep: Step<ProductPlace> = {
  async draw(ctx, place) {
    const product = await findProduct(place.id);
    const { t, fill, money } = ctx.tr;
    if (!product) return { lines: [t.ussd.empty], choices: [backChoice(ctx)] };
    const { colours, sizes } = productOptions(product);
    const left = unitsLeft(product);
    const lines = [
      product.name,
      money(product.price_1),
      left > 0 ? t.ussd.inStock : t.ussd.outOfStock,
      ...(colours.length ? [fill(t.ussd.colours, { list: colours.join(', ') })] : []),
      ...(sizes.length ? [fill(t.ussd.sizes, { list: sizes.join(', ') })] : []),
    ];
    return { lines, choices: [...(left > 0 ? [{ key: '1', label: t.ussd.buy }] : []), backChoice(ctx)] };
  },
  async answer(ctx, place, input) {
    if (input === BACK_KEY) return { back: true };
    const product = await findProduct(place.id);
    if (!product || unitsLeft(product) === 0) return chooseAgain(ctx, 0);
    if (typedNumber(input) !== 1) return chooseAgain(ctx, 1);
    // A new order starts from this product: what an earlier one chose is forgotten.
    ctx.state.draft = { product_id: product.id, product_name: product.name, buyer_name: ctx.state.draft.buyer_name };
    return { to: nextAfterOptions(product, ctx.state.draft) };
  },
};

/** The colour or size screen: the product's values of that option, five a page. */
function optionStep(option: 'colour' | 'size'): Step<OptionPlace> {
  const valuesOf = async (ctx: UssdContext) => {
    const product = await draftProduct(ctx.state.draft);
    if (!product) return { product, values: [] as string[] };
    const { colours, sizes } = productOptions(product);
    return { product, values: option === 'colour' ? colours : sizes };
  };
  return {
    async draw(ctx, place) {
      const { values } = await valuesOf(ctx);
      const { t } = ctx.tr;
      if (values.length === 0) return { lines: [t.ussd.empty], choices: [backChoice(ctx)] };
      return {
        lines: [option === 'colour' ? t.ussd.pickColour : t.ussd.pickSize],
        choices: listChoices(ctx, pageOfList(values, place.page), (value) => value),
      };
    },
    async answer(ctx, place, input) {
      const { product, values } = await valuesOf(ctx);
      return answerPaged(ctx, place, pageOfList(values, place.page), input, (value) => {
        if (option === 'colour') ctx.state.draft = { ...ctx.state.draft, color: value, size: undefined };
        else ctx.state.draft = { ...ctx.state.draft, size: value };
        return { to: nextAfterOptions(product!, ctx.state.draft) };
      });
    },
  };
}

export const colourStep = optionStep('colour');
export const sizeStep = optionStep('size');

/** The most the buyer may type: what is left, and at most MOST_PER_ORDER. */
const mostOf = (product: ApiProduct) => Math.min(unitsLeft(product), MOST_PER_ORDER);

export const quantityStep: Step<Extract<Place, { kind: 'quantity' }>> = {
  async draw(ctx) {
    const product = await draftProduct(ctx.state.draft);
    const { t, fill } = ctx.tr;
    if (!product || mostOf(product) === 0) return { lines: [t.ussd.outOfStock], choices: [backChoice(ctx)] };
    return { lines: [product.name, fill(t.ussd.quantity, { most: mostOf(product) })], choices: [backChoice(ctx)] };
  },
  async answer(ctx, _place, input) {
    if (input === BACK_KEY) return { back: true };
    const product = await draftProduct(ctx.state.draft);
    const most = product ? mostOf(product) : 0;
    const quantity = typedNumber(input);
    if (quantity === null || quantity < 1 || quantity > most) return { stay: ctx.tr.fill(ctx.tr.t.ussd.quantityRange, { most: Math.max(most, 1) }) };
    ctx.state.draft = { ...ctx.state.draft, quantity };
    return { to: { kind: 'place', page: 1 } };
  },
};
