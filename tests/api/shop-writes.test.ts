/**
 * Category, shop and order-status writes: who may make them and what each really changes, and reads that
 * follow a write at once. Shared set-up: ./catalogue-writes-setup.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import {
  ADMIN_ONLY,
  APPLIED,
  AWAITING_APPROVAL,
  NOT_ACTIVE,
  NOT_YOUR_SHOP,
  PASSWORD,
  SELLERS_ONLY,
  STATUS_FAILED,
  TAG,
  UNAUTHENTICATED,
  activeVendorIds,
  addCategory,
  addProduct,
  admin,
  as,
  away,
  awayChild,
  buyer,
  categoryOf,
  changeProduct,
  demoAdmin,
  demoVendor,
  expectDone,
  expectRefused,
  form,
  home,
  homeA,
  homeB,
  listedIds,
  login,
  pending,
  placeOrder,
  productFields,
  register,
  searchIds,
  seller,
  send,
  setStanding,
  shopFields,
  shopperView,
  word,
  type Account,
  type Caller,
  type Row,
  useCatalogueWrites,
} from './catalogue-writes-setup';

useCatalogueWrites();

describe('categories', () => {
  const ADMIN_REFUSALS = [
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, ADMIN_ONLY],
    ['a vendor not yet approved', 'pending', 403, ADMIN_ONLY],
    ['an approved vendor', 'seller', 403, ADMIN_ONLY],
    ['the demo vendor', 'demoVendor', 403, ADMIN_ONLY],
  ] as const;
  const allCategories = async (): Promise<Row[]> => (await api('/api/categories')).body.data;

  it.each(ADMIN_REFUSALS)('POST: refuses %s, and no category is added', async (_label, role, status, message) => {
    expectRefused(await send('/api/categories', as(role), 'POST', { category: `Refused ${TAG}` }), status, message);
    expect((await allCategories()).some((c) => c.category === `Refused ${TAG}`)).toBe(false);
  });

  it('POST: an administrator adds a parent, and a child under it', async () => {
    const parent = await send('/api/categories', demoAdmin, 'POST', form({ category: `Quorbish ${TAG}`, show_in_banner: 'No', attributes: 'Brand, Size' }));
    expectDone(parent, 201, 'Category created');
    expect(parent.body.data).toMatchObject({
      id: expect.any(Number),
      category: `Quorbish ${TAG}`,
      parent_id: null,
      is_parent: 'Yes',
      attributes: ['Brand', 'Size'],
      product_count: 0,
      children: [],
    });
    const child = await send('/api/categories', admin, 'POST', { category: 'Quorbish Minis', parent_id: parent.body.data.id });
    expectDone(child, 201, 'Category created');
    expect(child.body.data).toMatchObject({ parent_id: parent.body.data.id, is_parent: 'No', parent_text: `Quorbish ${TAG}` });
    const listed = await allCategories();
    expect(listed.find((c) => c.id === child.body.data.id)).toMatchObject({ category: 'Quorbish Minis', parent_id: parent.body.data.id });
    expect((await categoryOf(parent.body.data.id)).body.data.children.map((c: Row) => c.id)).toEqual([child.body.data.id]);
  });

  it.each<[string, () => Row, number, string | RegExp]>([
    ['a child category as parent', () => ({ category: 'Deep Goods', parent_id: homeA.id }), 400, 'parent_id: Alpha Goods is not a parent category'],
    ['an unknown parent', () => ({ category: 'Orphan Goods', parent_id: 99999999 }), 400, 'parent_id: no such category'],
    [
      'a name already used under the same parent (in other letters)',
      () => ({ category: 'ALPHA goods', parent_id: home.id }),
      409,
      /^category: there is already a category named /,
    ],
    ['a parent name already used', () => ({ category: `Vembrolic Wares ${TAG}` }), 409, /^category: there is already a category named /],
    [
      'a parent (is_parent Yes) with a parent',
      () => ({ category: 'Confused Goods', parent_id: home.id, is_parent: 'Yes' }),
      400,
      'parent_id: a parent category (is_parent Yes) has no parent',
    ],
    ['a one-letter name', () => ({ category: 'Q' }), 400, 'category: must be at least 2 characters'],
  ])('POST: refuses %s', async (_label, body, status, message) => {
    const before = (await allCategories()).length;
    expectRefused(await send('/api/categories', admin, 'POST', body()), status, message);
    expect((await allCategories()).length).toBe(before);
  });

  it('POST: the same name under another parent is fine', async () => {
    const twin = await addCategory({ category: 'Alpha Goods', parent_id: away.id });
    expect(twin).toMatchObject({ parent_id: away.id, is_parent: 'No' });
  });

  it.each(ADMIN_REFUSALS)('PUT: refuses %s, and the category keeps its name', async (_label, role, status, message) => {
    expectRefused(await send(`/api/categories/${awayChild.id}?_method=PUT`, as(role), 'POST', form({ category: 'Hijacked' })), status, message);
    expect((await categoryOf(awayChild.id)).body.data.category).toBe('Gamma Goods');
  });

  it('PUT: an administrator renames a category; it cannot be its own parent; an unknown one is 404', async () => {
    const renamed = await send(`/api/categories/${awayChild.id}?_method=PUT`, admin, 'POST', form({ category: 'Gamma Things' }));
    expectDone(renamed, 200, 'Category updated');
    expect(renamed.body.data).toMatchObject({ id: awayChild.id, category: 'Gamma Things', parent_id: away.id });
    expect((await allCategories()).find((c) => c.id === awayChild.id)!.category).toBe('Gamma Things');
    expectRefused(
      await send(`/api/categories/${awayChild.id}`, admin, 'PUT', { parent_id: awayChild.id }),
      400,
      'parent_id: a category cannot be its own parent',
    );
    expectRefused(await send(`/api/categories/${home.id}`, admin, 'PUT', { parent_id: home.id }), 400, 'parent_id: a category cannot be its own parent');
    expectRefused(
      await send(`/api/categories/${awayChild.id}?_method=PUT`, admin, 'POST', { parent_id: homeA.id }),
      400,
      'parent_id: Alpha Goods is not a parent category',
    );
    expectRefused(await send('/api/categories/99999999?_method=PUT', admin, 'POST', { category: 'Nothing' }), 404, 'Category not found');
    expect((await categoryOf(awayChild.id)).body.data).toMatchObject({ category: 'Gamma Things', parent_id: away.id });
  });

  it('PUT: a subcategory moved to another parent takes its products along', async () => {
    const mover = await addCategory({ category: 'Travelling Goods', parent_id: home.id });
    const product = await addProduct(seller, `Travel Mug ${TAG}`, { category: String(mover.id) });
    expect(product).toMatchObject({ category: home.id, sub_category: mover.id });
    const moved = await send(`/api/categories/${mover.id}?_method=PUT`, admin, 'POST', { parent_id: away.id });
    expectDone(moved, 200, 'Category updated');
    expect(moved.body.data).toMatchObject({ parent_id: away.id, is_parent: 'No', parent_text: `Plimbatz Wares ${TAG}`, product_count: 1 });
    expect((await shopperView(product.id)).body.data).toMatchObject({ category: away.id, sub_category: mover.id });
    expect(await listedIds(`category=${away.id}`)).toContain(product.id);
    expect(await listedIds(`category=${home.id}`)).not.toContain(product.id);
  });

  it("PUT: a renamed category's products are found by its new name at once", async () => {
    const shelf = await addCategory({ category: `Wobblequent${TAG} Shelves` });
    const product = await addProduct(seller, `Shelf Tin ${TAG}`, { category: String(shelf.id) });
    expect(await searchIds(word('wobblequent'))).toEqual([product.id]);
    expectDone(await send(`/api/categories/${shelf.id}?_method=PUT`, admin, 'POST', { category: `Glorptastic${TAG} Shelves` }), 200, 'Category updated');
    expect(await searchIds(word('glorptastic'))).toEqual([product.id]);
  });

  describe('DELETE', () => {
    let tree: Row;

    beforeAll(async () => {
      tree = await addCategory({ category: `Treeful ${TAG}` });
    });

    it.each(ADMIN_REFUSALS)('refuses %s, and the category stays', async (_label, role, status, message) => {
      expectRefused(await send(`/api/categories/${tree.id}?_method=DELETE`, as(role), 'POST'), status, message);
      expect((await categoryOf(tree.id)).status).toBe(200);
    });

    it('refuses a category with subcategories until they are gone; an empty one goes at once', async () => {
      const branch = await addCategory({ category: 'Branch Goods', parent_id: tree.id });
      expectRefused(
        await send(`/api/categories/${tree.id}?_method=DELETE`, admin, 'POST'),
        409,
        'This category has 1 subcategories; move or delete them first',
      );
      expect((await categoryOf(tree.id)).status).toBe(200);
      const gone = await send(`/api/categories/${branch.id}?_method=DELETE`, admin, 'POST');
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ code: 1, message: 'Category deleted', data: { id: branch.id, moved_products: 0 } });
      expect((await send(`/api/categories/${tree.id}`, demoAdmin, 'DELETE')).body).toEqual({
        code: 1,
        message: 'Category deleted',
        data: { id: tree.id, moved_products: 0 },
      });
      for (const id of [tree.id, branch.id]) expectRefused(await categoryOf(id), 404, 'Category not found');
      expect((await allCategories()).some((c) => c.id === tree.id || c.id === branch.id)).toBe(false);
    });

    it('refuses a category with products; move_products_to (in the query) moves them, and the products show their new place', async () => {
      const full = await addCategory({ category: `Fullish ${TAG}` });
      const products = [
        await addProduct(seller, `Full Pot ${TAG}`, { category: String(full.id) }),
        await addProduct(demoVendor, `Full Pan ${TAG}`, { category: String(full.id) }),
      ];
      expectRefused(
        await send(`/api/categories/${full.id}?_method=DELETE`, admin, 'POST'),
        409,
        'This category still has 2 products; move them to another category first (move_products_to)',
      );
      expectRefused(
        await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=${full.id}`, admin, 'POST'),
        400,
        'move_products_to: must be another category',
      );
      const unknownTarget = await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=99999999`, admin, 'POST');
      expect(unknownTarget.status).toBe(400);
      expect(unknownTarget.body.message).toMatch(/no such category/);
      for (const product of products) expect((await shopperView(product.id)).body.data).toMatchObject({ category: full.id, sub_category: null });

      const reply = await send(`/api/categories/${full.id}?_method=DELETE&move_products_to=${homeB.id}`, admin, 'POST');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ code: 1, message: 'Category deleted', data: { id: full.id, moved_products: 2 } });
      expectRefused(await categoryOf(full.id), 404, 'Category not found');
      for (const product of products)
        expect((await shopperView(product.id)).body.data).toMatchObject({ category: home.id, sub_category: homeB.id, category_text: 'Beta Goods' });
      const inB = await listedIds(`category=${homeB.id}`);
      for (const product of products) expect(inB).toContain(product.id);
    });

    it('reads move_products_to from the body too (a real DELETE with JSON)', async () => {
      const box = await addCategory({ category: 'Boxed Goods', parent_id: away.id });
      const product = await addProduct(seller, `Box Lid ${TAG}`, { category: String(box.id) });
      expect(product).toMatchObject({ category: away.id, sub_category: box.id });
      const reply = await send(`/api/categories/${box.id}`, admin, 'DELETE', { move_products_to: away.id });
      expect(reply.body).toEqual({ code: 1, message: 'Category deleted', data: { id: box.id, moved_products: 1 } });
      expect((await shopperView(product.id)).body.data).toMatchObject({ category: away.id, sub_category: null });
    });

    it('answers 404 "Category not found" for an unknown category', async () => {
      expectRefused(await send('/api/categories/99999999?_method=DELETE', admin, 'POST'), 404, 'Category not found');
    });
  });
});

describe('vendors', () => {
  let shop: Account; // applies, is approved, suspended and reactivated
  let made: Account; // made a vendor by the administrator, then removed

  beforeAll(async () => {
    [shop, made] = await Promise.all([register('Shopkeeper'), register('Made')]);
  });

  it('POST: a buyer applies for a shop and waits for approval; applying twice is refused', async () => {
    expectRefused(await send('/api/vendors', null, 'POST', shopFields('Nobody Shop')), 401, UNAUTHENTICATED);
    expectRefused(await send('/api/vendors', shop, 'POST', { ...shopFields('Self Approved'), approved: 1 }), 403, 'approved: only an administrator sets this');
    expectRefused(
      await send('/api/vendors', shop, 'POST', { ...shopFields('Self Suspended'), status: 'Active' }),
      403,
      'status: only an administrator sets this',
    );
    expectRefused(
      await send('/api/vendors', shop, 'POST', { ...shopFields('Tiny Address'), business_address: 'Kla' }),
      400,
      'business_address: enter where the shop is (street, building, town)',
    );
    expectRefused(await send('/api/vendors', shop, 'POST', { business_name: 'No Address' }), 400, 'business_address: is required');
    // A buyer opens their own shop, whatever user_id says.
    const reply = await send('/api/vendors', shop, 'POST', form({ ...shopFields(`Quillimp Shop ${TAG}`), user_id: String(made.id) }));
    expectDone(reply, 201, APPLIED);
    expect(reply.body.data).toMatchObject({
      id: shop.id,
      user_type: 'Vendor',
      approved: 0,
      status: 'Active',
      business_name: `Quillimp Shop ${TAG}`,
      business_phone_number: '0772 123 456',
    });
    for (const secret of ['password_hash', 'email', 'nin', 'dob']) expect(reply.body.data).not.toHaveProperty(secret);
    expectRefused(await send('/api/vendors', shop, 'POST', shopFields('Second Shop')), 409, 'You already have a shop; update it instead');
    expectRefused(await api(`/api/vendors/${made.id}`), 404, 'Vendor not found');
    expect(await activeVendorIds()).not.toContain(shop.id);
    expectRefused(await api(`/api/vendors/${shop.id}`), 404, 'Vendor not found');
    expectRefused(await send('/api/products', shop, 'POST', form(productFields(`Early Pot ${TAG}`))), 403, AWAITING_APPROVAL);
  });

  it('POST: an administrator makes an existing account a vendor, approved at once', async () => {
    expectRefused(await send('/api/vendors', admin, 'POST', shopFields('Whose Shop')), 400, 'user_id: name the account that becomes a vendor');
    const reply = await send('/api/vendors', admin, 'POST', { ...shopFields(`Made Shop ${TAG}`), user_id: made.id });
    expectDone(reply, 201, 'Vendor created');
    expect(reply.body.data).toMatchObject({ id: made.id, user_type: 'Vendor', approved: 1, status: 'Active', business_name: `Made Shop ${TAG}` });
    expect(await activeVendorIds()).toContain(made.id);
    expectRefused(
      await send('/api/vendors', admin, 'POST', { ...shopFields(`Made Shop ${TAG}`), user_id: made.id }),
      409,
      'user_id: this account already has a shop',
    );
  });

  it('PUT: a vendor changes their own shop, and shoppers see it at once', async () => {
    expect((await api(`/api/vendors/${seller.id}`)).body.data.intro).toBe('');
    const reply = await send(
      `/api/vendors/${seller.id}?_method=PUT`,
      seller,
      'POST',
      form({ intro: 'Kettles and flasks since 2019', business_name: `Vembrolic Traders ${TAG} Ltd` }),
    );
    expectDone(reply, 200, 'Vendor updated');
    expect(reply.body.data).toMatchObject({
      id: seller.id,
      intro: 'Kettles and flasks since 2019',
      business_name: `Vembrolic Traders ${TAG} Ltd`,
      approved: 1,
      status: 'Active',
    });
    expect((await api(`/api/vendors/${seller.id}`)).body.data).toMatchObject({
      intro: 'Kettles and flasks since 2019',
      business_name: `Vembrolic Traders ${TAG} Ltd`,
    });
    // A vendor waiting for approval may already fill in their shop.
    expect((await send(`/api/vendors/${pending.id}`, pending, 'PUT', { intro: 'Opening soon' })).body).toMatchObject({
      code: 1,
      message: 'Vendor updated',
      data: { intro: 'Opening soon', approved: 0 },
    });
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, NOT_YOUR_SHOP],
    ['a vendor not yet approved', 'pending', 403, NOT_YOUR_SHOP],
    ['another vendor', 'demoVendor', 403, NOT_YOUR_SHOP],
  ] as const)("PUT: refuses %s changing someone else's shop", async (_label, role, status, message) => {
    expectRefused(await send(`/api/vendors/${seller.id}?_method=PUT`, as(role), 'POST', form({ intro: 'Hijacked' })), status, message);
    expect((await api(`/api/vendors/${seller.id}`)).body.data.intro).toBe('Kettles and flasks since 2019');
  });

  it.each([
    ['approved', '0'],
    ['status', 'Suspended'],
  ])('PUT: a vendor cannot set their own %s', async (field, value) => {
    expectRefused(
      await send(`/api/vendors/${seller.id}?_method=PUT`, seller, 'POST', form({ [field]: value })),
      403,
      `${field}: only an administrator sets this`,
    );
    expectRefused(
      await send(`/api/vendors/${pending.id}?_method=PUT`, pending, 'POST', form({ [field]: field === 'approved' ? '1' : 'Active' })),
      403,
      `${field}: only an administrator sets this`,
    );
    expect((await api(`/api/vendors/${seller.id}`)).body.data).toMatchObject({ approved: 1, status: 'Active' });
  });

  it('PUT: an unknown vendor, or an account that is not a vendor, is 404', async () => {
    expectRefused(await send('/api/vendors/99999999?_method=PUT', admin, 'POST', form({ intro: 'x' })), 404, 'Vendor not found');
    expectRefused(await send(`/api/vendors/${buyer.id}?_method=PUT`, admin, 'POST', form({ approved: '1' })), 404, 'Vendor not found');
  });

  it('approval and suspension decide whether shoppers see the shop and its products', async () => {
    expect(await activeVendorIds()).not.toContain(shop.id);
    expect(await setStanding(shop.id, { approved: '1' })).toMatchObject({ id: shop.id, approved: 1, status: 'Active' });
    expect(await activeVendorIds()).toContain(shop.id);
    const product = await addProduct(shop, `Quillimp${TAG} Jar`, { price_1: '95,000' });
    expect(product.supplier).toBe(shop.id);
    expect((await api(`/api/vendors/${shop.id}`)).body.data.product_count).toBe(1);
    expect((await shopperView(product.id)).body.data.vendor).toMatchObject({ id: shop.id });

    expect(await setStanding(shop.id, { status: 'Suspended' })).toMatchObject({ approved: 1, status: 'Suspended' });
    expect(await activeVendorIds()).not.toContain(shop.id);
    expectRefused(await api(`/api/vendors/${shop.id}`), 404, 'Vendor not found');
    expectRefused(await shopperView(product.id), 404, 'Product not found');
    expect(await searchIds(word('quillimp'))).toEqual([]);
    expect(await listedIds(`vendor=${shop.id}`)).toEqual([]);
    expectRefused(await send('/api/products', shop, 'POST', form(productFields(`Suspended Pot ${TAG}`))), 403, NOT_ACTIVE);
    expectRefused(await send(`/api/products/${product.id}?_method=PUT`, shop, 'POST', form({ price_1: '1000' })), 403, NOT_ACTIVE);
    expectRefused(await send(`/api/products/${product.id}?_method=DELETE`, shop, 'POST'), 403, NOT_ACTIVE);

    expect(await setStanding(shop.id, { status: 'Active' })).toMatchObject({ approved: 1, status: 'Active' });
    expect(await activeVendorIds()).toContain(shop.id);
    expect((await shopperView(product.id)).body.data).toMatchObject({ id: product.id, status: 1, price_1: '95000' });
    expect(await searchIds(word('quillimp'))).toEqual([product.id]);
    expect((await changeProduct(shop, product.id, { price_1: '99,000' })).price_1).toBe('99000');
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['a buyer', 'buyer', 403, ADMIN_ONLY],
    ['another vendor', 'seller', 403, ADMIN_ONLY],
    ['the demo vendor', 'demoVendor', 403, ADMIN_ONLY],
  ] as const)('DELETE: refuses %s, and the vendor stays', async (_label, role, status, message) => {
    expectRefused(await send(`/api/vendors/${made.id}?_method=DELETE`, as(role), 'POST'), status, message);
    expect(await activeVendorIds()).toContain(made.id);
  });

  it('DELETE: a vendor cannot remove their own shop', async () => {
    expectRefused(await send(`/api/vendors/${made.id}`, made, 'DELETE'), 403, ADMIN_ONLY);
    expect(await activeVendorIds()).toContain(made.id);
  });

  it('DELETE: the administrator removes a vendor: the shop and its products are gone, and the account is a buyer again', async () => {
    const product = await addProduct(made, `Made Bucket ${TAG}`);
    expect((await shopperView(product.id)).status).toBe(200);
    const reply = await send(`/api/vendors/${made.id}`, admin, 'DELETE');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 1, message: 'Vendor removed', data: { id: made.id } });
    expect(await activeVendorIds()).not.toContain(made.id);
    expectRefused(await api(`/api/vendors/${made.id}`), 404, 'Vendor not found');
    expectRefused(await shopperView(product.id), 404, 'Product not found');

    const again = await login(made.email, PASSWORD);
    expect(again.user).toMatchObject({ id: made.id, user_type: 'Customer', approved: 0 });
    expectRefused(await send('/api/products', again, 'POST', form(productFields(`Removed Pot ${TAG}`))), 403, SELLERS_ONLY);
    // The token from before the removal carries no old rights either.
    expectRefused(await send(`/api/products/${product.id}?_method=PUT`, made, 'POST', form({ price_1: '1000' })), 403, SELLERS_ONLY);
    expectRefused(await send(`/api/vendors/${made.id}?_method=DELETE`, admin, 'POST'), 404, 'Vendor not found');
  });
});

describe('POST /api/orders/{id}/status', () => {
  let sold: Row;
  let order: Row;
  const status = (id: number, who: Caller, next: string) => send(`/api/orders/${id}/status`, who, 'POST', { status: next });
  const orderStatus = async (id: number) => (await send(`/api/orders/${id}`, buyer)).body.data.status;

  beforeAll(async () => {
    sold = await addProduct(seller, `Order Kettle ${TAG}`, { price_1: '120,000' });
    order = await placeOrder(sold, 1);
  });

  it.each([
    ['no token', 'guest', 401, UNAUTHENTICATED],
    ['the buyer who placed it', 'buyer', 403, `${STATUS_FAILED}: ${SELLERS_ONLY}`],
    ['a vendor not yet approved', 'pending', 403, `${STATUS_FAILED}: ${AWAITING_APPROVAL}`],
    ['a vendor with no product in the order', 'demoVendor', 403, `${STATUS_FAILED}: only the store or a vendor of this order can change it`],
  ] as const)('refuses %s, and the order stays pending', async (_label, role, code, message) => {
    expectRefused(await status(order.id, as(role), 'processing'), code, message);
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it('the vendor of a product in the order and the administrator move it along', async () => {
    const first = await status(order.id, seller, 'processing');
    expectDone(first, 200, 'Order status updated');
    expect(first.body.data).toEqual({ status: 'processing', payment_status: 'PAY_ON_DELIVERY' });
    expect((await status(order.id, admin, 'shipped')).body.data.status).toBe('shipped');
    expect((await status(order.id, seller, 'delivered')).body.data.status).toBe('delivered');
    const details = (await send(`/api/orders/${order.id}`, buyer)).body.data;
    expect(details.status).toBe('delivered');
    // Delivered, the cash the rider collected pays the order.
    expect(details.events.map((event: Row) => event.status)).toEqual(['pending', 'processing', 'shipped', 'delivered', 'payment:COMPLETED']);
    expect(details.payment_status).toBe('COMPLETED');
    expectRefused(await status(99_999_999, seller, 'processing'), 404, 'Order not found');
  });

  it('a suspended vendor cannot move their orders until reactivated', async () => {
    const next = await placeOrder(sold, 2);
    await setStanding(seller.id, { status: 'Suspended' });
    try {
      expectRefused(await status(next.id, seller, 'processing'), 403, `${STATUS_FAILED}: ${NOT_ACTIVE}`);
      expect(await orderStatus(next.id)).toBe('pending');
    } finally {
      await setStanding(seller.id, { status: 'Active' });
    }
    const before = (await shopperView(sold.id)).body.data.stock;
    expect((await status(next.id, seller, 'cancelled')).body.data).toEqual({ status: 'cancelled', payment_status: 'CANCELLED' });
    expect((await shopperView(sold.id)).body.data.stock).toEqual({ items_sold: before.items_sold - 2, total_items: before.total_items });
  });
});

describe('reads after writes', () => {
  it('the filters of a category count a new product at once', async () => {
    const aisle = await addCategory({ category: `Filtrazon ${TAG}` });
    await addProduct(seller, `Filter One ${TAG}`, { category: String(aisle.id), colors: 'Red' });
    const before = (await api(`/api/filters?category=${aisle.id}`)).body.data;
    expect(before.in_stock).toBe(1);
    const second = await addProduct(seller, `Filter Two ${TAG}`, { category: String(aisle.id), colors: 'Green' });
    const after = (await api(`/api/filters?category=${aisle.id}`)).body.data;
    expect((await categoryOf(aisle.id)).body.data.product_count).toBe(2);
    expect(after.priceRanges.reduce((sum: number, range: Row) => sum + range.count, 0)).toBe(2);
    expect(after.in_stock).toBe(2);
    expect(after.colors.map((color: Row) => color.name).sort()).toEqual(['Green', 'Red']);
    expectDone(await send(`/api/products/${second.id}`, seller, 'DELETE'), 200, 'Product deleted');
    expect((await api(`/api/filters?category=${aisle.id}`)).body.data.in_stock).toBe(1);
  });
});
