/**
 * An order as each kind of client posts it, read into the fields POST orders checks (place-order.ts), so
 * one service places every order. Our checkout posts JSON in our names. The spec's other clients post
 * multipart with `items` and `delivery` as JSON texts: cart lines in the cart's names (product_quantity,
 * product_price_1, variant) and the delivery in their backend's names
 * (delivery_address_id for the delivery location, delivery_address_details, customer_phone_number_1,
 * shipping_cost), usually without a way to pay, since they pay next through pesapal/initialize.
 */
import type { SessionUser } from '../accounts/sessions';
import { availableGateways } from '../payments/payments';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A form field holding JSON is read as what it holds; anything else is left for the checks to name. */
export function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The first of `values` that was sent. */
const firstGiven = (...values: unknown[]) => values.find((value) => value !== undefined && value !== null);

/** One cart line in our names (the colour and size it may carry in its variant are read where the product is known). */
function orderLine(line: unknown): unknown {
  if (!isObject(line)) return line;
  return {
    ...line,
    quantity: firstGiven(line.quantity, line.product_quantity),
    price: firstGiven(line.price, line.product_price_1),
    color: firstGiven(line.color, line.colour),
    variant: firstGiven(line.variant, line.variants),
  };
}

/**
 * The order's fields in our names, whichever names the client used. When the spec's `delivery` names
 * nobody to receive the order, the buyer does; when no way to pay is named, it is paid online with Pesapal
 * if the store takes it, and otherwise by a transfer the store confirms (`manual`), as the spec's backend did.
 */
export function orderFieldsOf(body: Fields, buyer: SessionUser): Fields {
  const given = jsonField(body.delivery);
  const delivery = isObject(given) ? given : {};
  const items = jsonField(body.items);
  const buyerName = `${buyer.first_name} ${buyer.last_name}`.trim();
  const gateway = firstGiven(body.payment_gateway, body.payment_method);
  return {
    ...body,
    items: Array.isArray(items) ? items.map(orderLine) : items,
    customer_name: firstGiven(body.customer_name, body.name, delivery.customer_name, delivery.name, isObject(given) ? buyerName : undefined),
    customer_phone: firstGiven(body.customer_phone, body.phone, delivery.customer_phone_number_1, delivery.customer_phone, delivery.phone_number),
    delivery_location_id: firstGiven(body.delivery_location_id, body.delivery_location, delivery.delivery_address_id, delivery.delivery_location_id),
    delivery_address: firstGiven(body.delivery_address, body.address, delivery.delivery_address_details, delivery.delivery_address),
    notes: firstGiven(body.notes, delivery.notes, delivery.order_details),
    shipping_cost: firstGiven(body.shipping_cost, delivery.shipping_cost, delivery.delivery_amount),
    payment_gateway: gateway ?? (availableGateways().includes('pesapal') ? 'pesapal' : 'manual'),
  };
}
