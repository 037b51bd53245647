/**
 * A shopper's whole journey through a client we did not write (foreign-client.ts): register, log in,
 * browse, a product with its reviews, colour and size, an order with a delivery place and its shipping
 * cost, Pesapal (paid on the local fake Pesapal's own page), the status COMPLETED, and the order in the
 * list with the fields such clients read.
 */
import { describe, expect, inject, it } from 'vitest';
import { ForeignClient } from './foreign-client';

type Row = Record<string, any>;

/** A product such a client can only sell by offering Color and Size from `variants`, with reviews to show. */
async function findProductWithChoicesAndReviews(client: ForeignClient): Promise<Row> {
  for (let page = 1; page <= 25; page++) {
    const listed = await client.get('products', { page, limit: 24, sort_by: 'rating', sort_order: 'desc', in_stock: 1 });
    const found = listed.data.find(
      (product: Row) =>
        product.variants?.Color?.length > 0 &&
        product.variants?.Size?.length > 0 &&
        product.review_count > 0 &&
        product.stock.total_items - product.stock.items_sold >= 2,
    );
    if (found) return found;
    if (page >= listed.last_page) break;
  }
  throw new Error('The demo catalogue has no product with colours, sizes and reviews in stock');
}

describe('a client written from the spec alone', () => {
  it('registers, browses, orders with a colour, a size and a delivery place, pays with Pesapal and finds the paid order', async () => {
    const client = new ForeignClient(inject('baseUrl'), '10.240.0.1');
    const email = `foreign.${Date.now()}@example.com`;
    const password = 'Kampala-2026!';

    // Register (username is the email), then log in again as the spec's client does after a restart.
    const registered = await client.post('users/register', {
      username: email,
      password,
      email,
      first_name: 'Namuli',
      last_name: 'Achieng',
      name: 'Namuli Achieng',
      newsletter: 1,
    });
    client.logIn(registered);
    client.logIn(await client.post('users/login', { username: email, password }));
    expect(client.userId).toBe(String(registered.id));

    // Browse: the manifest gives the delivery places with what delivery costs, and an empty wishlist.
    const manifest = await client.get('manifest');
    expect(manifest.is_authenticated).toBe(true);
    expect(manifest.wishlist).toEqual([]);
    const place = manifest.delivery_locations.find((location: Row) => location.delivery_fee > 0) ?? manifest.delivery_locations[0];
    expect(place).toMatchObject({ id: expect.any(Number), shipping_cost: expect.any(Number), details: expect.any(String) });

    // A product with reviews, each naming its author as user.name, and the stats under the spec's keys.
    const listed = await findProductWithChoicesAndReviews(client);
    const product = await client.get(`products/${listed.id}`);
    const reviews = await client.get('reviews', { product_id: product.id, page: 1, per_page: 10, sort_by: 'highest_rating' });
    expect(reviews.reviews.length).toBeGreaterThan(0);
    for (const review of reviews.reviews) expect(review.user).toEqual({ id: review.user_id, name: review.user_name, avatar: expect.any(String) });
    const ratings = reviews.reviews.map((review: Row) => review.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const stats = await client.get('reviews/stats', { product_id: product.id });
    const byWords = ['5_stars', '4_stars', '3_stars', '2_stars', '1_star'].map((key) => stats.rating_breakdown[key]);
    expect(byWords.reduce((sum: number, count: number) => sum + count, 0)).toBe(stats.total_reviews);

    // Colour and size are offered from variants; the cart line carries them as the spec's cart item does.
    const color = product.variants.Color.at(-1);
    const size = product.variants.Size[0];
    const quantity = 2;
    const cartLine = {
      id: `${product.id}-${color}-${size}`,
      product_id: product.id,
      product_name: product.name,
      product_price_1: product.price_1,
      product_quantity: quantity,
      product_feature_photo: product.feature_photo,
      color,
      size,
      variant: {},
    };
    const subtotal = Number(product.price_1) * quantity;

    // The order, as multipart with items and delivery as JSON texts and no way to pay chosen yet, at the older path.
    const placed = await client.post('orders-create', {
      items: [cartLine],
      delivery: {
        customer_phone_number_1: '0772 410 220',
        delivery_address_id: place.id,
        delivery_address_details: 'Plot 12, Kira Road, opposite the church',
        shipping_cost: place.shipping_cost,
      },
    });
    expect(placed.id).toEqual(expect.any(Number));
    expect(placed).toMatchObject({ order_total: subtotal, delivery_amount: place.shipping_cost, payable_amount: subtotal + place.shipping_cost });

    // Pesapal: the settings, then where to pay; asking again hands back the same payment, not a second one.
    expect(await client.get('pesapal/config')).toMatchObject({ enabled: true, currency: 'UGX' });
    const payment = await client.post('pesapal/initialize', { order_id: placed.id });
    expect(payment).toMatchObject({ order_id: placed.id, status: 'PENDING_PAYMENT', amount: subtotal + place.shipping_cost });
    expect(payment.redirect_url).toMatch(new RegExp(`^${inject('pesapalUrl')}/pay/`));
    expect(await client.post('pesapal/initialize', { order_id: placed.id })).toMatchObject({ order_tracking_id: payment.order_tracking_id });

    // The buyer pays on Pesapal's page (the local fake's), which sends them back to the store.
    const page = await fetch(payment.redirect_url);
    expect(await page.text()).toContain('Pay now');
    const paid = await fetch(payment.redirect_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(302);

    const status = await client.get(`pesapal/status/${placed.id}`);
    expect(status).toMatchObject({ order_id: placed.id, status: 'COMPLETED', order_tracking_id: payment.order_tracking_id });
    expect(status.confirmation_code).not.toBe('');

    // The order in the list, with the fields such clients read.
    const orders = await client.get('orders', { page: 1 });
    expect(orders).toMatchObject({ current_page: 1, total: 1 });
    const listedOrder = orders.data.find((order: Row) => order.id === placed.id);
    expect(listedOrder).toMatchObject({
      order_total: subtotal,
      delivery_amount: place.shipping_cost,
      payable_amount: subtotal + place.shipping_cost,
      order_state: 'confirmed',
      payment_status: 'COMPLETED',
      pesapal_status: 'COMPLETED',
      payment_confirmation: 'PAID',
      confirmation_code: status.confirmation_code,
      date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Without a page, as the spec's client asks: the orders as a plain list.
    expect((await client.get<Row[]>('orders')).map((order) => order.id)).toEqual([placed.id]);
    expect(JSON.parse(listedOrder.items)).toEqual([
      expect.objectContaining({ product_id: product.id, product_quantity: quantity, product_price_1: String(product.price_1), color, size }),
    ]);
  });
});
