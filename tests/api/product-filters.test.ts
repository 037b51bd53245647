import { describe, expect, it } from 'vitest';
import { api, url } from './client';

type Row = Record<string, any>;
type Named = { name: string; count: number };

const categoryNamed = async (name: string): Promise<Row> => {
  const category = (await api('/api/categories')).body.data.find((c: Row) => c.category === name);
  expect(category, name).toBeDefined();
  return category;
};
const filtersFor = async (query: string) => {
  const reply = await api(`/api/filters?${query}`);
  expect(reply.status, query).toBe(200);
  return reply.body.data as { brands: Named[]; colors: Named[]; sizes: Named[]; in_stock: number; priceRanges: Row[] };
};
const listFor = async (query: string) => {
  const reply = await api(`/api/products?limit=100&${query}`);
  expect(reply.status, query).toBe(200);
  return reply.body.data as { data: Row[]; total: number };
};
const q = (params: Record<string, string | string[] | number>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, String(one));
  return search.toString();
};
const brandOf = (product: Row) => product.attributes_array.find((a: Row) => a.name === 'Brand')?.value.toLowerCase();
const colorsOf = (product: Row) => (product.variants.Color ?? []).map((c: string) => c.toLowerCase());
const sizesOf = (product: Row) => (product.variants.Size ?? []).map((s: string) => s.toLowerCase());

/** Every count the options give for a filter, checked against the list that filter gives with the same other parameters. */
async function expectCountsMatch(scope: Record<string, string | string[] | number>, facet: 'brand' | 'color' | 'size', take = 3) {
  const options = await filtersFor(q(scope));
  const list = { brand: options.brands, color: options.colors, size: options.sizes }[facet];
  expect(list.length, `${facet} options for ${q(scope)}`).toBeGreaterThan(0);
  for (const option of list.slice(0, take)) {
    const { total } = await listFor(q({ ...scope, [facet]: option.name }));
    expect(total, `${facet}=${option.name} with ${q(scope)}`).toBe(option.count);
  }
  return list;
}

describe('GET /api/products by brand, colour and size', () => {
  it('gives only the chosen brand, as many as /api/filters counts for it (category 13 with brand=Infinix)', async () => {
    const phones = await categoryNamed('Smartphones');
    const { brands } = await filtersFor(q({ category: phones.id }));
    const infinix = brands.find((b) => b.name === 'Infinix');
    expect(infinix?.count).toBeGreaterThan(0);
    const all = await listFor(q({ category: phones.id }));
    const chosen = await listFor(q({ category: phones.id, brand: 'Infinix' }));
    expect(chosen.total).toBe(infinix!.count);
    expect(chosen.total).toBeLessThan(all.total);
    expect(chosen.data.map(brandOf)).toEqual(chosen.data.map(() => 'infinix'));
    // Values are compared without regard to case or spaces around them.
    expect((await listFor(q({ category: phones.id, brand: ' INFINIX ' }))).total).toBe(chosen.total);
  });

  it('adds up several values of one filter and narrows by each other filter', async () => {
    const phones = await categoryNamed('Phones & Tablets');
    const { brands, colors } = await filtersFor(q({ category: phones.id }));
    const [first, second] = brands;
    const either = await listFor(q({ category: phones.id, brand: [first!.name, second!.name] }));
    expect(either.total).toBe(first!.count + second!.count);
    // The comma-separated form says the same.
    expect((await listFor(q({ category: phones.id, brand: `${first!.name},${second!.name}` }))).total).toBe(either.total);

    const [red, blue] = colors;
    const colourful = await listFor(q({ category: phones.id, color: [red!.name, blue!.name] }));
    expect(colourful.total).toBeGreaterThanOrEqual(Math.max(red!.count, blue!.count));
    expect(colourful.total).toBeLessThanOrEqual(red!.count + blue!.count);
    for (const product of colourful.data)
      expect(colorsOf(product).some((c: string) => [red!.name.toLowerCase(), blue!.name.toLowerCase()].includes(c))).toBe(true);

    const both = await listFor(q({ category: phones.id, brand: first!.name, color: red!.name }));
    for (const product of both.data) {
      expect(brandOf(product)).toBe(first!.name.toLowerCase());
      expect(colorsOf(product)).toContain(red!.name.toLowerCase());
    }
  });

  it('counts each option with the other filters chosen: category, colour, brand, price, stock and search', async () => {
    const phones = await categoryNamed('Phones & Tablets');
    const { colors, brands, priceRanges } = await filtersFor(q({ category: phones.id }));
    await expectCountsMatch({ category: phones.id }, 'brand');
    await expectCountsMatch({ category: phones.id }, 'color');
    await expectCountsMatch({ category: phones.id, color: colors[0]!.name }, 'brand');
    await expectCountsMatch({ category: phones.id, brand: [brands[0]!.name, brands[1]!.name] }, 'color');
    const band = priceRanges[1]!;
    await expectCountsMatch({ category: phones.id, min_price: band.min, max_price: band.max - 1, in_stock: '1' }, 'brand');
    await expectCountsMatch({ search: 'samsung', in_stock: '1' }, 'color');

    const shoes = await categoryNamed('Shoes');
    const sizes = await expectCountsMatch({ category: shoes.id }, 'size');
    const [one, two] = sizes;
    const either = await listFor(q({ category: shoes.id, size: [one!.name, two!.name] }));
    for (const product of either.data) expect(sizesOf(product).some((s: string) => [one!.name.toLowerCase(), two!.name.toLowerCase()].includes(s))).toBe(true);
    await expectCountsMatch({ category: shoes.id, size: one!.name }, 'color');

    // The stock count is the in-stock part of what the other filters give.
    const scope = { category: phones.id, brand: brands[0]!.name };
    const options = await filtersFor(q(scope));
    expect((await listFor(q({ ...scope, in_stock: '1' }))).total).toBe(options.in_stock);
    expect(options.priceRanges.reduce((sum, range) => sum + range.count, 0)).toBe((await listFor(q(scope))).total);
  });

  it("keeps a filter's own options while it is chosen, and finds nothing for a value no product has", async () => {
    const phones = await categoryNamed('Smartphones');
    const unfiltered = await filtersFor(q({ category: phones.id }));
    const chosen = await filtersFor(q({ category: phones.id, brand: 'Infinix' }));
    expect(chosen.brands).toEqual(unfiltered.brands);
    expect((await listFor(q({ category: phones.id, brand: 'No Such Brand' }))).total).toBe(0);
  });

  it('refuses values it cannot take, saying which', async () => {
    const long = await api(`/api/products?brand=${'x'.repeat(61)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('brand.0: each value must be at most 60 characters');
    const many = await api(`/api/products?${q({ color: Array.from({ length: 21 }, (_, i) => `c${i}`) })}`);
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('color: must name at most 20 values');
    const filters = await api(`/api/filters?size=${'x'.repeat(61)}`);
    expect(filters.status).toBe(400);
  });
});

describe('the category page with brand, colour and size filters', () => {
  it('offers them as a form with counts, shows the chosen ones, is not cached and not indexed', async () => {
    const phones = await categoryNamed('Smartphones');
    const { brands } = await filtersFor(q({ category: phones.id }));
    const infinix = brands.find((b) => b.name === 'Infinix')!;
    const plain = await fetch(url(`/category/${phones.id}`));
    const plainHtml = await plain.text();
    expect(plainHtml).toMatch(/<form class="facet-form" method="get"/);
    expect(plainHtml).toContain(`name="brand" value="Infinix"`);
    expect(plainHtml).not.toContain('name="robots"');

    const page = await fetch(url(`/category/${phones.id}?brand=Infinix&sort=price_asc`));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/<input type="checkbox" name="brand" value="Infinix" checked/);
    expect(html).toContain(`of ${infinix.count} product`);
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/category/${phones.id}"`));
    // The form keeps the sort; pagination and the sort form keep the brand.
    expect(html).toMatch(/<input type="hidden" name="sort" value="price_asc"/);
    expect(html).toMatch(/<input type="hidden" name="brand" value="Infinix"/);
    // Rendered for each request: a filtered page is never kept, so never answered for the unfiltered one.
    const again = await fetch(url(`/category/${phones.id}?brand=Infinix&sort=price_asc`));
    expect(again.headers.get('x-astro-cache')).not.toBe('HIT');
    const unfilteredAgain = await (await fetch(url(`/category/${phones.id}`))).text();
    expect(unfilteredAgain).not.toMatch(/value="Infinix" checked/);
  });
});
