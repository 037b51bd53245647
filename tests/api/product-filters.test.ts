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

describe('brands, specifications and sizes as shoppers filter by them', () => {
  const specValuesOf = (product: Row, name: string) =>
    [
      ...product.attributes_array.filter((a: Row) => a.name.toLowerCase() === name.toLowerCase()).map((a: Row) => a.value),
      ...((Object.entries(product.variants as Record<string, string[]>).find(([option]) => option.toLowerCase() === name.toLowerCase())?.[1] ??
        []) as string[]),
    ].map((value: string) => value.toLowerCase());

  it('offers one Samsung, however the brand was written, and an old address asking for "Samsung Galaxy" lists it', async () => {
    const phones = await categoryNamed('Phones & Tablets');
    const { brands } = await filtersFor(q({ category: phones.id }));
    expect(brands.filter((b) => /samsung/i.test(b.name))).toEqual([{ name: 'Samsung', count: expect.any(Number) }]);
    const samsung = await listFor(q({ category: phones.id, brand: 'Samsung' }));
    expect(samsung.total).toBe(brands.find((b) => b.name === 'Samsung')!.count);
    // Phones named "Samsung Galaxy …" keep their line in their name, and are the brand Samsung.
    expect(samsung.data.some((p) => p.name.startsWith('Samsung Galaxy'))).toBe(true);
    expect(samsung.data.map(brandOf)).toEqual(samsung.data.map(() => 'samsung'));
    expect((await listFor(q({ category: phones.id, brand: 'Samsung Galaxy' }))).total).toBe(samsung.total);
  });

  it('offers a filter for each other attribute a category defines, in measure order, counting what each gives', async () => {
    const smartphones = await categoryNamed('Smartphones');
    expect(smartphones.attributes).toEqual(expect.arrayContaining(['Storage', 'RAM']));
    const { specs } = (await api(`/api/filters?category=${smartphones.id}`)).body.data as { specs: { name: string; param: string; values: Named[] }[] };
    expect(specs.map((s) => [s.name, s.param])).toEqual([
      ['Storage', 'spec_storage'],
      ['RAM', 'spec_ram'],
    ]);
    const storage = specs[0]!.values;
    const gigabytes = storage.map((v) => Number(/^(\d+)GB$/.exec(v.name)![1]));
    expect(gigabytes).toEqual([...gigabytes].sort((a, b) => a - b));
    for (const value of storage.slice(0, 2)) {
      const chosen = await listFor(q({ category: smartphones.id, spec_storage: value.name }));
      expect(chosen.total, value.name).toBe(value.count);
      for (const product of chosen.data) expect(specValuesOf(product, 'Storage')).toContain(value.name.toLowerCase());
    }
    // A specification narrows the other options and keeps its own.
    const narrowed = (await api(`/api/filters?category=${smartphones.id}&spec_storage=${storage[0]!.name}`)).body.data;
    expect(narrowed.specs[0].values).toEqual(storage);
    expect(narrowed.brands.reduce((sum: number, b: Named) => sum + b.count, 0)).toBe(storage[0]!.count);
    // Outside a category there is no attribute list to offer.
    expect((await api('/api/filters?search=phone')).body.data.specs).toEqual([]);
  });

  it('lists sizes in size order, not by count', async () => {
    const shoes = await filtersFor(q({ category: (await categoryNamed('Shoes')).id }));
    const numbers = shoes.sizes.map((s) => Number(s.name));
    expect(numbers.length).toBeGreaterThan(2);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const shirts = await filtersFor(q({ category: (await categoryNamed("Men's Clothing")).id }));
    const order = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
    const letters = shirts.sizes.map((s) => s.name).filter((name) => order.includes(name));
    expect(letters.length).toBeGreaterThan(2);
    expect(letters).toEqual([...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  it('refuses a specification it cannot read, saying which', async () => {
    const bad = await api(`/api/products?spec_Storage!=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('specs');
  });
});

describe('the category page’s filter form, chips and heading', () => {
  it('takes a price band as one choice of the form, shows each filter as a chip that drops it alone, and counts what it shows', async () => {
    const phones = await categoryNamed('Smartphones');
    const { priceRanges } = await filtersFor(q({ category: phones.id, brand: 'Samsung' }));
    const band = priceRanges[0]!;
    const limits = await listFor(q({ category: phones.id, brand: 'Samsung', max_price: band.max - 1 }));
    const address = `/category/${phones.id}?brand=Samsung&price=-${band.max - 1}&sort=price_asc`;
    const html = await (await fetch(url(address))).text();
    expect(html).toContain(`of ${limits.total} product`);
    // The heading counts what is listed, not the whole category.
    expect(html).toMatch(new RegExp(`<small class="result-count"[^>]*>\\(${limits.total} items?\\)</small>`));
    expect(html).toMatch(new RegExp(`<input type="radio" name="price" value="-${band.max - 1}" checked`));
    expect(html).toContain('<input type="radio" name="price" value=""');
    // The form keeps the sort but not the price or brand as hidden fields (its own inputs carry them).
    expect(html).toMatch(/<form class="facet-form"[^>]*>\s*<input type="hidden" name="sort" value="price_asc">/);
    const form = /<form class="facet-form".*?<\/form>/s.exec(html)![0];
    expect(form).not.toMatch(/<input type="hidden" name="(price|brand)"/);
    // The sort form keeps every filter.
    expect(html).toMatch(
      new RegExp(`<form class="sort-form"[^>]*><input type="hidden" name="brand" value="Samsung"><input type="hidden" name="price" value="-${band.max - 1}">`),
    );
    const chips = [...html.matchAll(/<a class="chip applied-chip" href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(chips).toEqual([`/category/${phones.id}?price=-${band.max - 1}&sort=price_asc`, `/category/${phones.id}?brand=Samsung&sort=price_asc`]);

    const wrong = await fetch(url(`/category/${phones.id}?price=cheap`));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('price: is not valid');
  });
});
