/**
 * Product writes: who may add, change and withdraw products, and what each write really changes (what
 * shoppers see, search, listings, stored pictures, orders placed before). Shared set-up: ./catalogue-writes-setup.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { api, url } from './client';
import {
  AWAITING_APPROVAL,
  BAD_METHOD,
  FALLBACK_CACHE,
  NOT_A_PICTURE,
  NOT_YOUR_PRODUCT,
  PRICE_2_RULE,
  SELLERS_ONLY,
  TAG,
  UNAUTHENTICATED,
  addProduct,
  admin,
  as,
  awayChild,
  buyer,
  categoryOf,
  changeProduct,
  demoAdmin,
  demoVendor,
  expectDone,
  expectRefused,
  expectStoredPicture,
  form,
  home,
  homeA,
  homeB,
  listedIds,
  location,
  pending,
  photo,
  picture,
  placeOrder,
  productFields,
  searchIds,
  seller,
  send,
  shopperView,
  track,
  uploadedFiles,
  word,
  type Row,
  useCatalogueWrites,
} from './catalogue-writes-setup';

useCatalogueWrites();

describe('method override', () => {
  it.each(['products', 'categories', 'vendors', 'reviews'])('POST /api/%s/{id} with a _method other than PUT or DELETE, or none, is 405', async (resource) => {
    for (const method of ['GET', 'OPTIONS', 'POST', 'HEAD', null]) {
      const query = method === null ? '' : `?_method=${method}`;
      const reply = await send(`/api/${resource}/1${query}`, admin, 'POST', {});
      expect(reply.status, `${resource} ${query}`).toBe(405);
      expect(reply.body.message, `${resource} ${query}`).toBe(BAD_METHOD);
      expect(reply.headers.get('allow')).toBe('POST, PUT, DELETE');
    }
  });

  it('_method=PATCH acts as PUT, the override is not case-sensitive, and the real PUT verb works too', async () => {
    const product = await addProduct(seller, `Override Mug ${TAG}`);
    const patched = await send(`/api/products/${product.id}?_method=PATCH`, seller, 'POST', { summary: 'patched' });
    expectDone(patched, 200, 'Product updated');
    expect(patched.body.data.summary).toBe('patched');
    const lower = await send(`/api/products/${product.id}?_method=put`, seller, 'POST', form({ summary: 'lower case' }));
    expectDone(lower, 200, 'Product updated');
    expect(lower.body.data.summary).toBe('lower case');
    const real = await send(`/api/products/${product.id}`, seller, 'PUT', form({ summary: 'a real PUT' }));
    expectDone(real, 200, 'Product updated');
    expect((await shopperView(product.id)).body.data.summary).toBe('a real PUT');
    expectDone(await send(`/api/products/${product.id}?_method=DELETE`, seller, 'POST'), 200, 'Product deleted');
    expect((await shopperView(product.id)).status).toBe(404);
  });
});

describe('POST /api/products', () => {
  const REFUSED_NAME = () => `Refusedquix${TAG} Mug`;

  /** A refused request leaves nothing behind: no stored picture, no product to find. */
  async function expectNothingStored(before: string[]) {
    expect(uploadedFiles()).toEqual(before);
    expect(await searchIds(word('refusedquix'))).toEqual([]);
  }

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
  ] as const)('refuses %s and stores nothing', async (_label, role, status, message) => {
    const before = uploadedFiles();
    expectRefused(await send('/api/products', as(role), 'POST', form(productFields(REFUSED_NAME()))), status, message);
    await expectNothingStored(before);
  });

  it('an approved vendor adds a product with pictures: the reply is the product in API shape, its pictures stored as JPEGs', async () => {
    const before = uploadedFiles();
    const counts = { home: (await categoryOf(home.id)).body.data.product_count, shop: (await api(`/api/vendors/${seller.id}`)).body.data.product_count };
    const reply = await send(
      '/api/products',
      seller,
      'POST',
      form(
        productFields(`Zanzibarquix${TAG} Kettle`, {
          price_1: '345,000',
          price_2: '399000',
          // A subcategory alone: the product goes under its parent.
          category: String(homeB.id),
          total_items: '12',
          keywords: '["chai","boiler"]',
          colors: 'Red, Blue',
          variants: '{"Capacity":["1L","2L"]}',
          tags: 'kitchen,tea',
          description: 'Boils water in two minutes.',
          summary: 'A fast kettle',
          metric: 'Piece',
          p_type: 'Yes',
          images: [
            new File([new Uint8Array(await picture('#a27', 80, 60))], 'side.png', { type: 'image/png' }),
            new File([new Uint8Array(await picture('#27a', 30, 40))], 'back.png', { type: 'image/png' }),
          ],
        }),
      ),
    );
    expectDone(reply, 201, 'Product created');
    const product = track(reply.body.data);
    expect(product).toMatchObject({
      id: expect.any(Number),
      name: `Zanzibarquix${TAG} Kettle`,
      price_1: '345000',
      price_2: '399000',
      category: home.id,
      sub_category: homeB.id,
      category_text: 'Beta Goods',
      supplier: seller.id,
      user: seller.id,
      status: 1,
      in_stock: 1,
      stock: { items_sold: 0, total_items: 12 },
      keywords: ['chai', 'boiler'],
      has_colors: 'Yes',
      colors: 'Red,Blue',
      variants: { Capacity: ['1L', '2L'] },
      tags_array: ['kitchen', 'tea'],
      description: 'Boils water in two minutes.',
      summary: 'A fast kettle',
      p_type: 'Yes',
    });
    expect(product).not.toHaveProperty('deleted_at');
    expect(product.images).toHaveLength(3);
    expect(product.images[0]).toBe(product.feature_photo);
    expect(new Set(product.images).size).toBe(3);
    await expectStoredPicture(product.feature_photo, 64, 48);
    await expectStoredPicture(product.images[1], 80, 60);
    await expectStoredPicture(product.images[2], 30, 40);
    expect(uploadedFiles()).toEqual([...before, ...product.images].sort());

    const seen = await shopperView(product.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ id: product.id, price_1: '345000', vendor: { id: seller.id, business_name: `Vembrolic Traders ${TAG}` } });
    expect(await searchIds(word('zanzibarquix'))).toEqual([product.id]);
    expect(await listedIds(`vendor=${seller.id}`)).toContain(product.id);
    expect((await categoryOf(home.id)).body.data.product_count).toBe(counts.home + 1);
    expect((await api(`/api/vendors/${seller.id}`)).body.data.product_count).toBe(counts.shop + 1);
  });

  it('reads comma-separated keywords and colours, and fills what is left out', async () => {
    const product = await addProduct(seller, `Plain Flask ${TAG}`, { keywords: 'thermos, flask', total_items: '0' });
    expect(product).toMatchObject({
      price_2: '',
      category: home.id,
      sub_category: null,
      keywords: ['thermos', 'flask'],
      has_colors: 'No',
      colors: '',
      metric: 'Piece',
      p_type: 'No',
      status: 1,
      in_stock: 0,
      stock: { items_sold: 0, total_items: 0 },
      home_section_1: 0,
    });
  });

  it('an administrator adds a product for the store, or for an approved vendor with a home section', async () => {
    const store = await addProduct(admin, `Store Basket ${TAG}`);
    expect(store).toMatchObject({ supplier: null, user: admin.id });
    const forSeller = await addProduct(demoAdmin, `Seller Basket ${TAG}`, { supplier: String(seller.id), home_section_1: '1' });
    expect(forSeller).toMatchObject({ supplier: seller.id, user: demoAdmin.id, home_section_1: 1 });
    // The vendor named as supplier now manages it.
    expect((await changeProduct(seller, forSeller.id, { summary: 'mine now' })).summary).toBe('mine now');
    expect(await listedIds(`home_section_1=1&vendor=${seller.id}`)).toContain(forSeller.id);
    const before = uploadedFiles();
    expectRefused(
      await send('/api/products', admin, 'POST', form(productFields(REFUSED_NAME(), { supplier: String(pending.id) }))),
      400,
      'supplier: must be an approved, active vendor',
    );
    await expectNothingStored(before);
  });

  it.each(['supplier', 'home_section_1', 'home_section_2', 'home_section_3'])("a vendor sending %s (an administrator's field) is refused", async (field) => {
    const before = uploadedFiles();
    const reply = await send('/api/products', seller, 'POST', form(productFields(REFUSED_NAME(), { [field]: field === 'supplier' ? String(seller.id) : '1' })));
    expectRefused(reply, 403, `${field}: only an administrator sets this`);
    await expectNothingStored(before);
  });

  it.each<[string, () => Row, number, string | RegExp]>([
    ['no feature_photo', () => ({ feature_photo: undefined }), 400, 'feature_photo: add a picture of the product'],
    ['a feature_photo that is text, not a file', () => ({ feature_photo: 'photo.png' }), 400, 'feature_photo: add a picture of the product'],
    ['no name', () => ({ name: undefined, keywords: word('refusedquix') }), 400, 'name: is required'],
    ['a one-letter name', () => ({ name: 'Q', keywords: word('refusedquix') }), 400, 'name: must be at least 2 characters'],
    ['no price', () => ({ price_1: undefined }), 400, 'price_1: is required'],
    ['a price of 0', () => ({ price_1: '0' }), 400, 'price_1: must be above 0'],
    ['shillings with cents', () => ({ price_1: '15000.50' }), 400, 'price_1: must be whole shillings (UGX has no decimals)'],
    ['an old price below the price', () => ({ price_2: '300000' }), 400, PRICE_2_RULE],
    ['an old price equal to the price', () => ({ price_2: '345000' }), 400, PRICE_2_RULE],
    ['no category', () => ({ category: undefined }), 400, 'category: is required'],
    ['an unknown category', () => ({ category: '99999999' }), 400, 'category: no such category'],
    ['a category id too large for any row', () => ({ category: '1000000000000' }), 400, 'category: must be an id'],
    [
      'a subcategory of another category',
      () => ({ category: String(home.id), sub_category: String(awayChild.id) }),
      400,
      'sub_category: must be a subcategory of the chosen category',
    ],
    [
      'a subcategory id with a different sub_category',
      () => ({ category: String(homeA.id), sub_category: String(homeB.id) }),
      400,
      'sub_category: must be a subcategory of the chosen category',
    ],
    ['no stock', () => ({ total_items: undefined }), 400, 'total_items: is required'],
    ['negative stock', () => ({ total_items: '-1' }), 400, 'total_items: must not be negative'],
    ['has_colors Yes without colours', () => ({ has_colors: 'Yes' }), 400, /^colors: /],
    ['variants that are a list', () => ({ variants: '["64GB","128GB"]' }), 400, /^variants: /],
    ['variants that are not JSON', () => ({ variants: 'Storage=64GB' }), 400, /^variants: /],
    ['nine extra pictures', () => ({ images: Array.from({ length: 9 }, (_, i) => photo(`extra-${i}.png`)) }), 400, 'images: at most 8 pictures'],
    [
      'a text file sent as image/png',
      () => ({ feature_photo: new File(['just some words, not a picture'], 'fake.png', { type: 'image/png' }) }),
      400,
      `feature_photo: ${NOT_A_PICTURE}`,
    ],
    [
      'a picture over 5 MB',
      () => ({ feature_photo: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }) }),
      413,
      'feature_photo: must be at most 5 MB',
    ],
    // The feature photo is stored before the gallery is read; it must be removed again.
    [
      'a good photo with a gallery file that is not a picture',
      () => ({ images: [photo('ok.png'), new File(['<svg onload=alert(1)>'], 'bad.png', { type: 'image/png' })] }),
      400,
      `images: ${NOT_A_PICTURE}`,
    ],
  ])('refuses %s and stores nothing', async (_label, overrides, status, message) => {
    const before = uploadedFiles();
    expectRefused(await send('/api/products', seller, 'POST', form(productFields(REFUSED_NAME(), overrides()))), status, message);
    await expectNothingStored(before);
  });
});

describe('PUT /api/products/{id}', () => {
  let flask: Row;
  let theirs: Row;

  beforeAll(async () => {
    flask = await addProduct(seller, `Snorfwiddle${TAG} Flask`, { price_1: '250,000', category: String(homeA.id), description: 'Keeps tea hot all day.' });
    theirs = await addProduct(demoVendor, `Demo Vendor Jug ${TAG}`, { price_1: '150000' });
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_PRODUCT],
  ] as const)('refuses %s and changes nothing', async (_label, role, status, message) => {
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, as(role), 'POST', form({ price_1: '1000', name: 'Hijacked' })), status, message);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ price_1: '250000', name: flask.name });
  });

  it('answers 404 "Product not found" for an unknown or malformed id', async () => {
    for (const id of ['99999999', 'abc', '0']) {
      expectRefused(await send(`/api/products/${id}?_method=PUT`, seller, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
      expectRefused(await send(`/api/products/${id}?_method=PUT`, admin, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
    }
  });

  it('changes only the fields sent, and details, listings and search show the new price at once', async () => {
    // Read first, so the old values are cached.
    expect((await shopperView(flask.id)).body.data.price_1).toBe('250000');
    expect((await api(`/api/products?search=${word('snorfwiddle')}`)).body.data.data[0].price_1).toBe('250000');
    const updated = await changeProduct(seller, flask.id, { price_1: '275,000' });
    const { price_1, updated_at: _newTime, ...unchanged } = updated;
    const { price_1: _oldPrice, updated_at: _oldTime, ...before } = flask;
    expect(price_1).toBe('275000');
    expect(unchanged).toEqual(before);
    expect((await shopperView(flask.id)).body.data.price_1).toBe('275000');
    expect((await api(`/api/products?search=${word('snorfwiddle')}`)).body.data.data[0].price_1).toBe('275000');
    expect((await api(`/api/live-search?q=${word('snorfwiddle')}`)).body.data.products[0]).toMatchObject({ id: flask.id, price_1: '275000' });
  });

  it("keeps a brand under its maker's one name, so the brand filter offers one Samsung", async () => {
    const attributes = JSON.stringify([
      { name: 'Brand', value: 'samsung  Galaxy' },
      { name: 'Model', value: 'Galaxy A15' },
    ]);
    const phone = await addProduct(seller, `Galaxy case ${TAG}`, { price_1: '480000', category: String(homeA.id) });
    const updated = await changeProduct(seller, phone.id, { attributes });
    expect(updated.attributes_array).toEqual([
      { name: 'Brand', value: 'Samsung' },
      { name: 'Model', value: 'Galaxy A15' },
    ]);
    const { brands } = (await api(`/api/filters?category=${homeA.id}`)).body.data as { brands: { name: string }[] };
    expect(brands.filter((brand) => /samsung/i.test(brand.name)).map((brand) => brand.name)).toEqual(['Samsung']);
  });

  it('keeps the old price above the price', async () => {
    expect((await changeProduct(seller, flask.id, { price_2: '300,000' })).price_2).toBe('300000');
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ price_1: '300000' })), 400, PRICE_2_RULE);
    expectRefused(await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ price_2: '200000' })), 400, PRICE_2_RULE);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ price_1: '275000', price_2: '300000' });
    expect((await changeProduct(seller, flask.id, { price_2: '' })).price_2).toBe('');
  });

  it.each(['supplier', 'home_section_2'])("refuses a vendor changing %s (an administrator's field)", async (field) => {
    expectRefused(
      await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ [field]: field === 'supplier' ? String(demoVendor.id) : '1' })),
      403,
      `${field}: only an administrator sets this`,
    );
    expect((await shopperView(flask.id)).body.data).toMatchObject({ supplier: seller.id, home_section_2: 0 });
  });

  it("an administrator may change any vendor's product", async () => {
    expect((await changeProduct(demoAdmin, flask.id, { description: 'Checked by the store.' })).description).toBe('Checked by the store.');
    expect(await changeProduct(admin, theirs.id, { price_1: '155000', home_section_2: '1' })).toMatchObject({
      price_1: '155000',
      home_section_2: 1,
      supplier: demoVendor.id,
    });
    expect((await shopperView(theirs.id)).body.data.price_1).toBe('155000');
  });

  it('a new name reaches search at once, and the old word no longer finds it', async () => {
    expect(await searchIds(word('snorfwiddle'))).toEqual([flask.id]);
    const renamed = await changeProduct(seller, flask.id, { name: `Gribblenook${TAG} Flask` });
    expect(renamed.name).toBe(`Gribblenook${TAG} Flask`);
    expect(await searchIds(word('gribblenook'))).toEqual([flask.id]);
    expect(await searchIds(word('snorfwiddle'))).toEqual([]);
    expect((await shopperView(flask.id)).body.data.name).toBe(`Gribblenook${TAG} Flask`);
  });

  it('status 0 hides it from shoppers, search and listings, but its vendor can still change it', async () => {
    expect((await changeProduct(seller, flask.id, { status: '0' })).status).toBe(0);
    expectRefused(await shopperView(flask.id), 404, 'Product not found');
    expect(await searchIds(word('gribblenook'))).toEqual([]);
    expect(await listedIds(`vendor=${seller.id}`)).not.toContain(flask.id);
    expect(await changeProduct(seller, flask.id, { price_1: '260000' })).toMatchObject({ status: 0, price_1: '260000' });
    expect((await changeProduct(seller, flask.id, { status: '1' })).status).toBe(1);
    expect((await shopperView(flask.id)).body.data).toMatchObject({ status: 1, price_1: '260000' });
    expect(await searchIds(word('gribblenook'))).toEqual([flask.id]);
  });

  it('a new feature photo replaces the old one, whose file is removed', async () => {
    const old = (await shopperView(flask.id)).body.data.feature_photo;
    await expectStoredPicture(old);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a27' } })
      .jpeg()
      .toBuffer();
    const updated = await changeProduct(seller, flask.id, { feature_photo: new File([new Uint8Array(jpeg)], 'new.jpg', { type: 'image/jpeg' }) });
    expect(updated.feature_photo).not.toBe(old);
    expect(updated.images).toEqual([updated.feature_photo]);
    await expectStoredPicture(updated.feature_photo, 40, 30);
    expect(uploadedFiles()).not.toContain(old);
    const gone = await fetch(url(`/storage/images/${old}`));
    expect(gone.headers.get('cache-control')).toBe(FALLBACK_CACHE);
  });

  it('keeps the stock at or above what is already sold', async () => {
    const order = await placeOrder((await shopperView(flask.id)).body.data, 3);
    expect(order.items[0]).toMatchObject({ product_id: flask.id, quantity: 3 });
    expectRefused(
      await send(`/api/products/${flask.id}?_method=PUT`, seller, 'POST', form({ total_items: '2' })),
      400,
      'total_items: 3 units are already sold, so the stock cannot be below 3',
    );
    expect((await shopperView(flask.id)).body.data.stock).toEqual({ items_sold: 3, total_items: 10 });
    expect(await changeProduct(seller, flask.id, { total_items: '3' })).toMatchObject({ in_stock: 0, stock: { items_sold: 3, total_items: 3 } });
  });

  it('sending only a subcategory id as category moves the product into that subcategory', async () => {
    const product = await addProduct(seller, `Mover Cup ${TAG}`, { category: String(homeA.id) });
    expect(product).toMatchObject({ category: home.id, sub_category: homeA.id });
    const reply = await send(`/api/products/${product.id}?_method=PUT`, seller, 'POST', form({ category: String(homeB.id) }));
    expectDone(reply, 200, 'Product updated');
    expect(reply.body.data).toMatchObject({ category: home.id, sub_category: homeB.id });
  });
});

describe('DELETE /api/products/{id}', () => {
  let teapot: Row;
  let order: Row;

  beforeAll(async () => {
    teapot = await addProduct(seller, `Xylofrump${TAG} Teapot`, { price_1: '180,000', category: String(homeA.id) });
    order = await placeOrder(teapot, 2);
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, SELLERS_ONLY],
    ['a vendor not yet approved', 'pending', 403, AWAITING_APPROVAL],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_PRODUCT],
  ] as const)('refuses %s, and the product stays for sale', async (_label, role, status, message) => {
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, as(role), 'POST'), status, message);
    expect((await shopperView(teapot.id)).status).toBe(200);
  });

  it('its vendor withdraws it: gone from details, search and listings, not for sale, and the earlier order is intact', async () => {
    expect(await searchIds(word('xylofrump'))).toEqual([teapot.id]);
    expect(await listedIds(`vendor=${seller.id}`)).toContain(teapot.id);
    const inCategory = (await categoryOf(homeA.id)).body.data.product_count;

    const reply = await send(`/api/products/${teapot.id}`, seller, 'DELETE');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 1, message: 'Product deleted', data: { id: teapot.id } });

    expectRefused(await shopperView(teapot.id), 404, 'Product not found');
    expect(await searchIds(word('xylofrump'))).toEqual([]);
    expect((await api(`/api/products?search=${word('xylofrump')}`)).body.data.total).toBe(0);
    expect(await listedIds(`vendor=${seller.id}`)).not.toContain(teapot.id);
    expect(await listedIds(`category=${homeA.id}`)).not.toContain(teapot.id);
    expect((await categoryOf(homeA.id)).body.data.product_count).toBe(inCategory - 1);
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, seller, 'POST'), 404, 'Product not found');
    expectRefused(await send(`/api/products/${teapot.id}?_method=PUT`, seller, 'POST', form({ price_1: '1000' })), 404, 'Product not found');
    expectRefused(await send(`/api/products/${teapot.id}?_method=DELETE`, admin, 'POST'), 404, 'Product not found');

    const again = await send('/api/orders', buyer, 'POST', {
      items: [{ product_id: teapot.id, quantity: 1, price: 180000 }],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 123 456',
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ntinda Road, near the market',
      payment_gateway: 'cash_on_delivery',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Failed to place order: product ${teapot.id} is no longer for sale`);

    const kept = await send(`/api/orders/${order.id}`, buyer);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id: order.id, status: 'pending', total: order.total });
    expect(kept.body.data.items).toHaveLength(1);
    expect(kept.body.data.items[0]).toMatchObject({
      product_id: teapot.id,
      product_name: `Xylofrump${TAG} Teapot`,
      unit_price: 180000,
      quantity: 2,
      subtotal: 360000,
    });
  });

  it("an administrator may withdraw any vendor's product", async () => {
    const jug = await addProduct(demoVendor, `Demo Vendor Bowl ${TAG}`);
    expectDone(await send(`/api/products/${jug.id}?_method=DELETE`, demoAdmin, 'POST'), 200, 'Product deleted');
    expectRefused(await shopperView(jug.id), 404, 'Product not found');
  });
});
