import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getMockProduct,
  listMockProducts,
  MOCK_DEALS,
  MOCK_DELAYS,
  MOCK_PICTURES,
  MOCK_PRODUCTS,
  MOCK_TOP_COUNT,
  MockApiError,
  type MockListType,
} from '~/dev/mock-api';

// Most tests do not care about the wait; the delay tests below drive it with fake timers.
const now = { delay: 0 };
const ids = (products: { id: number }[]) => products.map((product) => product.id);

/** Whether a promise has settled yet, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sample catalogue', () => {
  it('has five regular products (ids 1-5) and two deals (101, 102), priced in whole UGX strings', () => {
    expect(ids([...MOCK_PRODUCTS])).toEqual([1, 2, 3, 4, 5]);
    expect(ids([...MOCK_DEALS])).toEqual([101, 102]);
    for (const product of [...MOCK_PRODUCTS, ...MOCK_DEALS]) {
      expect(product.price_1).toMatch(/^[1-9]\d*$/);
      expect(product.price_2).toMatch(/^[1-9]\d*$/);
    }
  });

  it('gives every product the listed fields', () => {
    for (const product of [...MOCK_PRODUCTS, ...MOCK_DEALS]) {
      expect(Object.keys(product).sort()).toEqual(
        ['id', 'name', 'price_1', 'price_2', 'feature_photo', 'stock', 'rating', 'reviewsCount', 'description', 'specifications', 'images', 'variants'].sort(),
      );
      expect(product.name).not.toBe('');
      expect(product.description).not.toBe('');
      expect(product.stock).toEqual({ items_sold: expect.any(Number), total_items: expect.any(Number) });
      expect(product.stock.items_sold).toBeLessThanOrEqual(product.stock.total_items);
      expect(product.rating).toBeGreaterThanOrEqual(0);
      expect(product.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(product.reviewsCount)).toBe(true);
      expect(product.specifications.length).toBeGreaterThan(0);
      for (const spec of product.specifications) expect(spec).toEqual({ label: expect.any(String), value: expect.any(String) });
      expect(Object.keys(product.variants).length).toBeGreaterThan(0);
      for (const values of Object.values(product.variants)) expect(values.length).toBeGreaterThan(0);
    }
  });

  it('has the variants the spec names as examples', () => {
    const optionNames = new Set([...MOCK_PRODUCTS, ...MOCK_DEALS].flatMap((product) => Object.keys(product.variants)));
    for (const name of ['Color', 'Size', 'Storage', 'Strap', 'Base']) expect(optionNames).toContain(name);
  });

  it('cycles three images through MOCK_PICTURES: product n takes positions n, n+1 and n+2', () => {
    const count = MOCK_PICTURES.length;
    for (const product of [...MOCK_PRODUCTS, ...MOCK_DEALS]) {
      const expected = [0, 1, 2].map((step) => MOCK_PICTURES[(product.id + step) % count]);
      expect(product.images).toEqual(expected);
      expect(product.feature_photo).toBe(expected[0]);
    }
  });

  it('uses product pictures, not banners', () => {
    for (const file of MOCK_PICTURES) expect(file).toMatch(/^p-[a-z-]+-\d\.jpg$/);
  });
});

describe('listMockProducts', () => {
  it.each([
    ['all', [1, 2, 3, 4, 5]],
    ['deals', [101, 102]],
    ['top', [1, 2, 3]],
  ] as const)('lists %s as ids %j', async (type, expected) => {
    expect(ids(await listMockProducts(type, now))).toEqual(expected);
  });

  it('makes top the first MOCK_TOP_COUNT (3) regular products', async () => {
    expect(MOCK_TOP_COUNT).toBe(3);
    expect(await listMockProducts('top', now)).toEqual(MOCK_PRODUCTS.slice(0, 3));
  });

  it('cuts the list to the limit, and a limit above the length changes nothing', async () => {
    expect(ids(await listMockProducts('all', { ...now, limit: 2 }))).toEqual([1, 2]);
    expect(ids(await listMockProducts('deals', { ...now, limit: 1 }))).toEqual([101]);
    expect(ids(await listMockProducts('top', { ...now, limit: 10 }))).toEqual([1, 2, 3]);
  });

  it('rejects an unknown type', async () => {
    await expect(listMockProducts('popular' as MockListType, now)).rejects.toThrow('Unknown product list type "popular"');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects the limit %s', async (limit) => {
    await expect(listMockProducts('all', { ...now, limit })).rejects.toThrow('The limit must be a positive whole number');
  });
});

describe('getMockProduct', () => {
  it('finds a regular product and a deal', async () => {
    expect(await getMockProduct(3, now)).toEqual(MOCK_PRODUCTS[2]);
    expect(await getMockProduct(102, now)).toEqual(MOCK_DEALS[1]);
  });

  it('reads an id typed into a form', async () => {
    expect((await getMockProduct('101', now)).id).toBe(101);
  });

  it.each([0, 6, 100, 999, '', 'abc'])('answers 404 Not found for the id %j', async (id) => {
    const failure = getMockProduct(id, now);
    await expect(failure).rejects.toBeInstanceOf(MockApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Not found' });
  });
});

describe('delays', () => {
  it('uses 300 ms for lists and 200 ms for a product', () => {
    expect(MOCK_DELAYS).toEqual({ list: 300, get: 200 });
  });

  it('answers a list after 300 ms, not before', async () => {
    vi.useFakeTimers();
    const call = track(listMockProducts('all'));
    await vi.advanceTimersByTimeAsync(299);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
  });

  it('answers a product after 200 ms, not before', async () => {
    vi.useFakeTimers();
    const call = track(getMockProduct(1));
    await vi.advanceTimersByTimeAsync(199);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
  });

  it('answers a missing product with its 404 after the same 200 ms', async () => {
    vi.useFakeTimers();
    const failure = getMockProduct(404);
    const call = track(failure);
    await vi.advanceTimersByTimeAsync(199);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('rejects a bad argument at once, without waiting', async () => {
    vi.useFakeTimers();
    const failure = listMockProducts('all', { limit: 0 });
    const call = track(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    await expect(failure).rejects.toThrow('positive whole number');
  });
});

describe('aborting', () => {
  it('rejects with an AbortError when aborted during the wait', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const listing = listMockProducts('all', { signal: controller.signal });
    const product = getMockProduct(1, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    for (const outcome of await Promise.allSettled([listing, product])) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(DOMException);
      expect(reason).toMatchObject({ name: 'AbortError' });
    }
  });

  it('rejects at once when the signal was already aborted', async () => {
    await expect(getMockProduct(1, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('copies', () => {
  it('does not let a caller change the next answer', async () => {
    const [first] = await listMockProducts('all', now);
    first!.name = 'Changed';
    first!.stock.items_sold = 9999;
    first!.images.push('extra.jpg');
    first!.variants.Color!.push('Purple');
    first!.specifications[0]!.value = 'Changed';

    const [again] = await listMockProducts('all', now);
    expect(again).toEqual(MOCK_PRODUCTS[0]);
    expect(await getMockProduct(1, now)).toEqual(MOCK_PRODUCTS[0]);
    expect(MOCK_PRODUCTS[0]!.name).not.toBe('Changed');
  });

  it('does the same for a product fetched by id', async () => {
    const deal = await getMockProduct(101, now);
    deal.price_1 = '1';
    expect((await getMockProduct(101, now)).price_1).toBe(MOCK_DEALS[0]!.price_1);
  });

  it('keeps the catalogue itself frozen', () => {
    expect(Object.isFrozen(MOCK_PRODUCTS)).toBe(true);
    expect(Object.isFrozen(MOCK_PRODUCTS[0]!.stock)).toBe(true);
    expect(Object.isFrozen(MOCK_DEALS[0]!.variants)).toBe(true);
  });
});
