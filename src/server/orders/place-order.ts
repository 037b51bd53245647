/**
 * Placing an order (POST /api/orders). The server decides every price and total from its own
 * database; the client's prices are only compared, so a shopper is told when one changed. Stock is
 * reserved, and the order, its items, its first timeline entry and its payment are written in one
 * transaction: either all of it happens or none. The same idempotency key gives back the same order.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, preparedOnce, type Database } from '../db/client';
import { orders } from '../db/schema';
import { writeOrderRows } from './order-rows';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import { Conflict, DomainError, Invalid } from '../errors';
import { zodRefusal } from '../input-refusals';
import { orderableProducts, reserveStocks, type OrderableProduct } from '../catalog/products';
import { productFiguresChangeOf } from '../catalog/catalogue-changes';
import { deliveryCharge, listDeliveryLocations, type DeliveryLocation } from './delivery-locations';
import { availableGateways, createPayment, notificationPath, recordPaymentNews, refreshPayment, startNewAttempt, startPayment } from '../payments/payments';
import { failureDetails, PaymentGatewayError } from '../payments/gateway';
import { giveBackPromptFor, refuseTooManyUnpaid, takePromptFor } from '../payments/payment-limits';
import { splitList } from '../../lib/lists';
import { formatUGX } from '../../lib/money';
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from '../../lib/order-rules';
import { getOrder, newOrderDetails, type OrderDetails } from './orders';
import { cancelOrderByBuyer, partView, senderNames } from './order-parts';
import type { SessionUser } from '../accounts/sessions';
import { rememberLanguage } from '../accounts/users';
import { deliveryFields } from '../accounts/addresses';
import { STORE } from '../../lib/store';
import { rowIdSchema } from '../input-fields';
import { FIELD_MESSAGES } from '../../lib/messages/field-messages';
import { jsonField } from './order-payload';
import { isMobileMoneyGateway, NETWORK_PREFIXES, networkOf, payerPhoneFault, ugandanMsisdn, type MobileMoneyGateway } from '../../lib/mobile-money';
import { message, type Message } from '../../lib/messages/message';
import { pathInLanguage, type Language } from '../../lib/i18n/languages';
import type { Payment } from '../payments/payments';
import { rateOfProduct, rateTable } from '../payouts/commission';
import { vendorsPastCreditLimit } from '../payouts/settlements';

const MAX_LINES = 50;
const MAX_QUANTITY = 99;

const itemSchema = z.object({
  product_id: rowIdSchema(FIELD_MESSAGES.productId),
  quantity: z.coerce.number().int(FIELD_MESSAGES.wholeNumber).min(1, FIELD_MESSAGES.atLeast(1)).max(MAX_QUANTITY, FIELD_MESSAGES.atMost(MAX_QUANTITY)),
  color: z.string().trim().max(60).default(''),
  size: z.string().trim().max(60).default(''),
  variant: z.preprocess(jsonField, z.record(z.string(), z.string().max(60))).default({}),
  /** The price the shopper saw; compared, never charged. */
  price: z.coerce.number().optional(),
});

const orderSchema = z.object({
  items: z.preprocess(jsonField, z.array(itemSchema).min(1, FIELD_MESSAGES.cartEmpty).max(MAX_LINES, FIELD_MESSAGES.atMostLines(MAX_LINES))),
  customer_name: deliveryFields.name,
  customer_phone: deliveryFields.phone,
  delivery_location_id: deliveryFields.deliveryLocationId,
  delivery_address: deliveryFields.address,
  notes: deliveryFields.notes,
  payment_gateway: z.enum(PAYMENT_GATEWAYS, { error: FIELD_MESSAGES.paymentMethod }),
  /** The number a mobile money request goes to; the delivery phone when none is given. */
  payment_phone: z.string().trim().max(40).default(''),
  /** What the client showed for delivery; compared, never charged. */
  shipping_cost: z.coerce.number({ error: FIELD_MESSAGES.amount }).optional(),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
});

export type OrderInput = z.infer<typeof orderSchema>;

/** Checks an order in our names (orderFieldsOf in order-payload.ts reads other clients' names into them). */
export function parseOrder(body: Record<string, unknown>, idempotencyHeader?: string | null): OrderInput {
  const parsed = orderSchema.safeParse({ ...body, idempotency_key: body.idempotency_key ?? idempotencyHeader ?? undefined });
  if (!parsed.success) throw new Invalid(orderFailed(zodRefusal(parsed.error)));
  const input = parsed.data;
  if (!isMobileMoneyGateway(input.payment_gateway)) return { ...input, payment_phone: '' };
  const phone = input.payment_phone || input.customer_phone;
  const refusal = payerRefusal(input.payment_gateway, phone);
  if (refusal) throw new Invalid(orderFailed(refusal));
  return { ...input, payment_phone: ugandanMsisdn(phone)! };
}

/** The text of a refused order: the spec's failure, then why. */
/** Why this number cannot pay through this network, or null when it can. */
function payerRefusal(gateway: MobileMoneyGateway, phone: string): Message | null {
  const fault = payerPhoneFault(gateway, phone);
  if (fault === 'missing') return message('mobileMoney', 'phoneMissing', gateway);
  if (fault === 'invalid') return message('mobileMoney', 'phoneInvalid');
  return fault ? message('mobileMoney', 'wrongNetwork', gateway, NETWORK_PREFIXES[gateway]) : null;
}

const orderFailed = (reason: Message) => message('api', 'because', message('order', 'failed'), reason);

/** Option names under which a variant may carry the colour or the size (the spec's `variants` offer them so). */
const COLOR_OPTIONS = ['Color', 'Colour', 'color', 'colour'];
const SIZE_OPTIONS = ['Size', 'size'];

/**
 * A line whose colour or size was chosen among the product's variants (as the API's `variants` list them)
 * rather than sent apart: the choice moves out of the variant into the line's colour or size.
 */
function withChosenOptions(item: OrderInput['items'][number], product: OrderableProduct | undefined): OrderInput['items'][number] {
  if (!product) return item;
  const variant = { ...item.variant };
  const take = (names: string[]) => {
    const name = names.find((candidate) => variant[candidate]);
    const value = name ? variant[name]! : '';
    if (name) delete variant[name];
    return value;
  };
  const color = item.color || (product.has_colors === 'Yes' && splitList(product.colors).length > 0 ? take(COLOR_OPTIONS) : '');
  const size = item.size || (product.has_sizes === 'Yes' && splitList(product.sizes).length > 0 ? take(SIZE_OPTIONS) : '');
  return { ...item, color, size, variant };
}

/** Why a line cannot be ordered as asked, or null. */
function lineProblem(item: OrderInput['items'][number], product: OrderableProduct | undefined): Invalid | Conflict | null {
  if (!product) return new Conflict(orderFailed(message('order', 'noLongerForSale', item.product_id)));
  if (product.has_colors === 'Yes' && splitList(product.colors).length > 0 && !item.color)
    return new Invalid(orderFailed(message('order', 'chooseColorFor', product.name)));
  if (product.has_sizes === 'Yes' && splitList(product.sizes).length > 0 && !item.size)
    return new Invalid(orderFailed(message('order', 'chooseSizeFor', product.name)));
  if (item.price !== undefined && Math.round(item.price) !== product.price_1) {
    return new Conflict(orderFailed(message('order', 'priceChanged', product.name, formatUGX(product.price_1))));
  }
  return null;
}

/** PostgreSQL's unique_violation, raised by the driver itself or wrapped by Drizzle as the cause. */
const isUniqueViolation = (error: unknown) => {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return (code ?? cause?.code) === '23505';
};

/** Asked before every order that carries a key: built once, and a named statement on each PostgreSQL connection. */
const orderByKey = preparedOnce((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, sql.placeholder('userId')), eq(orders.idempotency_key, sql.placeholder('key'))))
    .limit(1)
    .prepare('order_by_idempotency_key'),
);

async function orderForKey(userId: number, key: string | undefined): Promise<number | null> {
  if (!key) return null;
  const [row] = await orderByKey(await getDb()).execute({ userId, key });
  return row?.id ?? null;
}

export type PlacedOrder = { order: OrderDetails; created: boolean };

type OrderLine = { item: OrderInput['items'][number]; product: OrderableProduct };

/** Each line checked against its product as it stands: still for sale, options chosen, the price the shopper saw. */
async function checkLines(tx: Database, items: OrderInput['items'], productIds: number[]): Promise<OrderLine[]> {
  const products = await orderableProducts(tx, productIds);
  return items.map((sent) => {
    const product = products.get(sent.product_id);
    const item = withChosenOptions(sent, product);
    const problem = lineProblem(item, product);
    if (problem) throw problem;
    return { item, product: product! };
  });
}

/**
 * The order's lines checked (checkLines), and for cash on delivery, that each vendor may still be paid so; beside
 * that, when the reply shows its parts (`named`), the shop names they will show.
 */
async function checkedLines(
  db: Database,
  input: OrderInput,
  named: boolean,
): Promise<{ lines: OrderLine[]; senderOf: (part: { vendor_id: number | null }) => string }> {
  const lines = await checkLines(db, input.items, [...new Set(input.items.map((item) => item.product_id))]);
  const [senderOf] = await Promise.all([
    named
      ? senderNames(
          db,
          lines.map(({ product }) => ({ vendor_id: product.supplier })),
        )
      : () => '',
    input.payment_gateway === 'cash_on_delivery'
      ? refuseCashOnDelivery(
          db,
          lines.map(({ product }) => product),
        )
      : null,
  ]);
  return { lines, senderOf };
}

/**
 * Each line's units taken from the stock, or the order refused (and its transaction rolled back) when they are not
 * there: one statement for all the lines (a product on several lines, in different colours, is taken once, with
 * their quantities added up). Done once the order's rows are written, just before its texts are weighed: taking
 * them locks the products' rows until the transaction commits, and other shoppers' orders of the same products wait
 * for those locks (and for the texts' locks on the vendors' numbers, taken last). The rows are locked in id order
 * (reserveStocks), so two orders of the same products wait for each other rather than deadlock.
 */
async function reserveLines(tx: Database, lines: OrderLine[]): Promise<void> {
  const wanted = new Map<number, { product: OrderableProduct; quantity: number }>();
  for (const { item, product } of lines) wanted.set(product.id, { product, quantity: (wanted.get(product.id)?.quantity ?? 0) + item.quantity });
  const taken = await reserveStocks(
    tx,
    [...wanted.values()].map(({ product, quantity }) => ({ id: product.id, quantity })),
  );
  const short = [...wanted.values()].toSorted((a, b) => a.product.id - b.product.id).find(({ product }) => !taken.has(product.id));
  if (!short) return;
  // Read again: other buyers may have taken units since the product was first read.
  const now = (await orderableProducts(tx, [short.product.id])).get(short.product.id);
  const left = now ? Math.max(0, now.total_items - now.items_sold) : 0;
  const name = short.product.name;
  throw new Conflict(orderFailed(left === 0 ? message('order', 'outOfStock', name) : message('order', 'onlyLeft', left, name)));
}

/**
 * Of these products, those that cannot be paid for on delivery now: their vendor owes the store more than
 * COD_CREDIT_LIMIT for cash its riders kept (payouts/settlements.ts), until it settles.
 */
async function productsWithoutCashOnDelivery(db: Database, products: readonly Pick<OrderableProduct, 'id' | 'name' | 'supplier'>[]) {
  const owing = await vendorsPastCreditLimit(db, [...new Set(products.flatMap((product) => (product.supplier === null ? [] : [product.supplier])))]);
  return products.filter((product) => product.supplier !== null && owing.has(product.supplier));
}

/** The products of a cart that cannot be paid for on delivery now (their ids and names), for checkout. */
export async function cashOnDeliveryOffFor(productIds: readonly number[]): Promise<{ product_id: number; name: string }[]> {
  const db = await getDb();
  const products = [...(await orderableProducts(db, [...new Set(productIds)])).values()];
  return (await productsWithoutCashOnDelivery(db, products)).map((product) => ({ product_id: product.id, name: product.name }));
}

async function refuseCashOnDelivery(db: Database, products: readonly Pick<OrderableProduct, 'id' | 'name' | 'supplier'>[]): Promise<void> {
  const [first] = await productsWithoutCashOnDelivery(db, products);
  if (first) throw new Conflict(orderFailed(message('order', 'cashOffFor', first.name)));
}

type NewOrder = { user: SessionUser; input: OrderInput; location: DeliveryLocation; lines: OrderLine[]; language: Language };

/**
 * The order's row, its parts (one per vendor), its lines with the commission rate of the day, and its first timeline
 * entry; the rows as written, which the reply is made of.
 */
async function insertOrder(tx: Database, { user, input, location, lines, language }: NewOrder) {
  const rates = await rateTable(tx);
  const subtotal = lines.reduce((sum, { item, product }) => sum + product.price_1 * item.quantity, 0);
  const deliveryFee = deliveryCharge(location);
  const rows = await writeOrderRows(
    tx,
    {
      user_id: user.id,
      status: 'pending',
      payment_gateway: input.payment_gateway,
      payment_status: input.payment_gateway === 'cash_on_delivery' ? 'PAY_ON_DELIVERY' : 'PENDING_PAYMENT',
      customer_name: input.customer_name,
      customer_phone: input.customer_phone,
      delivery_location_id: location.id,
      delivery_address: input.delivery_address,
      notes: input.notes,
      subtotal,
      delivery_fee: deliveryFee,
      total: subtotal + deliveryFee,
      idempotency_key: input.idempotency_key ?? null,
      language,
    },
    lines.map(({ item, product }) => ({
      vendor_id: product.supplier,
      product_id: product.id,
      product_name: product.name,
      unit_price: product.price_1,
      quantity: item.quantity,
      color: item.color,
      size: item.size,
      variant: item.variant,
      subtotal: product.price_1 * item.quantity,
      commission_basis_points: rateOfProduct(rates, product),
    })),
    { kind: 'order', values: { status: 'pending' } },
  );
  // The account's language as its session read it a moment ago: written only when this order's differs.
  if (user.language !== language) await rememberLanguage(tx, user.id, language);
  return rows;
}

/**
 * Places the order in `language` (the one the request asked for; the account's when it asked for none): its
 * texts and mails are written in it, the account remembers it for the next ones, and a gateway's page sends the
 * buyer back to the store's payment pages in it. The reply is made of the rows just written (newOrderDetails)
 * while its payment attempt is as it was written; one the gateway moved already (a request that failed at once,
 * news that came in meanwhile) is read back as it now stands.
 */
export async function placeOrder(user: SessionUser, input: OrderInput, origin: string, language: Language | null): Promise<PlacedOrder> {
  const placing = await place(user, input, origin, language, true);
  if ('earlier' in placing) return { order: await getOrder(user.id, placing.earlier), created: false };
  const { written, started } = placing;
  const payment = await started;
  const parts = written.parts.map((part) => partView(part, written.senderOf(part)));
  if (payment.status !== written.payment.status) return { order: await getOrder(user.id, written.order.id), created: true };
  const pictures = new Map(written.lines.map(({ product }) => [product.id, product]));
  const order = newOrderDetails({ ...written, lines: written.items, parts, payment, pictures, email: user.email });
  return { order, created: true };
}

/** An order just placed (or the one its idempotency key placed before) as a caller that shows only its number, total and payment needs it. */
export type OrderSummary = { id: number; total: number; payment: Pick<Payment, 'status' | 'details'> | null; created: boolean };

/**
 * Places the order as placeOrder does, without its whole reply, for a caller that does not show it: the USSD
 * menu's last screen says only its number, its total and how its payment went.
 */
export async function placeOrderSummary(user: SessionUser, input: OrderInput, origin: string, language: Language | null): Promise<OrderSummary> {
  const placing = await place(user, input, origin, language, false);
  if ('earlier' in placing) {
    const order = await getOrder(user.id, placing.earlier);
    return { id: order.id, total: order.total, payment: order.payment, created: false };
  }
  const { order } = placing.written;
  return { id: order.id, total: order.total, payment: await placing.started, created: true };
}

/** The rows an order was written as, with its lines as checked, where it goes and its payment attempt as written. */
type Written = Awaited<ReturnType<typeof insertOrder>> & Awaited<ReturnType<typeof checkedLines>> & { location: DeliveryLocation; payment: Payment };

/**
 * Writes the order, then asks its gateway (`started`: the attempt as the gateway's answer left it); or names the
 * order its idempotency key placed before. `named`: the caller shows the order's parts, with their shops' names.
 */
async function place(
  user: SessionUser,
  input: OrderInput,
  origin: string,
  language: Language | null,
  named: boolean,
): Promise<{ earlier: number } | { written: Written; started: Promise<Payment> }> {
  const orderLanguage = language ?? user.language;
  if (!availableGateways().includes(input.payment_gateway)) throw new Invalid(orderFailed(message('order', 'gatewayUnavailable')));
  const db = await getDb();
  // The lines are checked beside the look for an earlier order with the key, and before the transaction: none of it
  // locks anything, and taking the stock checks again that each product is still for sale and has the units.
  const checking = checkedLines(db, input, named);
  checking.catch(() => {}); // A key's earlier order is answered whatever its lines would say now.
  const earlier = await orderForKey(user.id, input.idempotency_key);
  if (earlier) return { earlier };

  const location = (await listDeliveryLocations()).find((place) => place.id === input.delivery_location_id);
  if (!location) throw new Invalid(orderFailed(message('order', 'chooseDeliveryLocation')));
  if (input.shipping_cost !== undefined && Math.round(input.shipping_cost) !== deliveryCharge(location)) {
    throw new Conflict(orderFailed(message('order', 'deliveryCostChanged', location.name, formatUGX(deliveryCharge(location)))));
  }
  const { lines, senderOf } = await checking;
  const prompted = input.payment_phone;
  if (prompted) await takePromptFor(prompted);
  let written: Written;
  try {
    written = await transactionWithPurge(db, async (tx, changed) => {
      await refuseTooManyUnpaid(tx, user.id, input.payment_gateway);
      const rows = await insertOrder(tx, { user, input, location, lines, language: orderLanguage });
      const { order } = rows;
      const payment = await createPayment(tx, order, input.payment_gateway, input.payment_phone || undefined);
      await reserveLines(tx, lines);
      await announce(tx, 'order.placed', {
        order: {
          id: order.id,
          total: order.total,
          language: order.language,
          customer_name: input.customer_name,
          customer_phone: input.customer_phone,
          payment_status: payment.status,
        },
        lines: lines.map(({ item, product }) => ({ supplier: product.supplier, name: product.name, quantity: item.quantity })),
        origin,
      });
      changed(productFiguresChangeOf(lines.map(({ product }) => product)));
      return { ...rows, lines, location, payment, senderOf };
    });
  } catch (error) {
    // No order, so no request to pay is sent to the number.
    if (prompted) await giveBackPromptFor(prompted);
    // Two submissions with one key raced: the other one won; answer with its order.
    if (isUniqueViolation(error)) {
      const winner = await orderForKey(user.id, input.idempotency_key);
      if (winner) return { earlier: winner };
    }
    throw error;
  }

  // The gateway is asked after the order is safely written: a gateway that fails leaves an order the
  // buyer can pay for later, never a payment without an order. It is told what was just written.
  const forGateway = {
    id: written.order.id,
    customer_name: input.customer_name,
    customer_phone: input.customer_phone,
    delivery_fee: written.order.delivery_fee,
    items: written.lines.map(({ item, product }) => ({ product_name: product.name, unit_price: product.price_1, quantity: item.quantity })),
    delivery_location: location,
  };
  return { written, started: startPayment(written.payment, paymentRequestFor(forGateway, written.payment, user, origin, orderLanguage)) };
}

/** What a gateway is told of an order: the order just written, or one read back (OrderDetails). */
type OrderForGateway = Pick<OrderDetails, 'id' | 'customer_name' | 'customer_phone' | 'delivery_fee'> & {
  items: Pick<OrderDetails['items'][number], 'product_name' | 'unit_price' | 'quantity'>[];
  delivery_location: { name: string } | null;
};

/**
 * What a gateway is told of an order's payment attempt: the buyer, the lines (and delivery), where to come back to
 * (the store's payment pages in the buyer's `language`, or the client's own page `returnUrl`, which a cancelled
 * payment comes back to as well) and the number to ask.
 */
export function paymentRequestFor(
  order: OrderForGateway,
  payment: Payment,
  user: SessionUser,
  origin: string,
  language: Language = 'en',
  returnUrl: string | null = null,
) {
  const [firstName = user.first_name, ...rest] = order.customer_name.split(/\s+/);
  const lines = order.items.map((item) => ({ name: item.product_name, unitPrice: item.unit_price, quantity: item.quantity }));
  if (order.delivery_fee > 0)
    lines.push({ name: `Delivery to ${order.delivery_location?.name ?? 'your address'}`, unitPrice: order.delivery_fee, quantity: 1 });
  const payerPhone = payment.details.payer_phone;
  return {
    description: `${STORE.name} order #${order.id}`,
    customer: { firstName, lastName: rest.join(' ') || user.last_name, email: user.email, phone: order.customer_phone },
    payerPhone: typeof payerPhone === 'string' && payerPhone ? payerPhone : undefined,
    lines,
    callbackUrl: returnUrl ?? `${origin}${pathInLanguage(language, `/payment/callback/${order.id}`)}`,
    cancelUrl: returnUrl ?? `${origin}${pathInLanguage(language, `/payment/${order.id}`)}`,
    notificationUrl: `${origin}${notificationPath(payment.gateway as PaymentGatewayName)}`,
  };
}

/**
 * Starts a new online payment attempt for an order whose last one failed, was cancelled or is still waiting
 * (whether it may is decided under the order's lock). A mobile money order asks the number given, else the
 * one asked last; a number on the other network moves the order to that network. The buyer comes back to
 * `returnUrl` when the client names one (checked by the route), else to the store's payment pages.
 */
export async function retryPayment(
  user: SessionUser,
  orderId: number,
  origin: string,
  paymentPhone = '',
  language: Language = 'en',
  returnUrl: string | null = null,
): Promise<OrderDetails> {
  const order = await getOrder(user.id, orderId);
  let gateway = order.payment_gateway as PaymentGatewayName;
  let payerPhone: string | undefined;
  if (isMobileMoneyGateway(gateway)) {
    const lastAsked = order.payment?.details.payer_phone;
    const phone = paymentPhone.trim() || (typeof lastAsked === 'string' && lastAsked) || order.customer_phone;
    const network = networkOf(phone);
    if (network && availableGateways().includes(network)) gateway = network;
    const refusal = payerRefusal(gateway as MobileMoneyGateway, phone);
    if (refusal) throw new Invalid(refusal);
    payerPhone = ugandanMsisdn(phone)!;
  }
  if (!availableGateways().includes(gateway)) throw new Conflict(message('payment', 'unavailableNow'));
  const payment = await startNewAttempt(order, gateway, payerPhone);
  // Counted once the attempt exists (windows asking at once are refused by startNewAttempt, not by the limit);
  // over the limit, the attempt fails without asking the phone.
  if (payerPhone) await takePromptFor(payerPhone).catch((error: unknown) => failUnsent(payment, error));
  await startPayment(payment, paymentRequestFor(order, payment, user, origin, language, returnUrl));
  return getOrder(user.id, orderId);
}

/** Records an attempt refused before its request to pay was sent as failed, with why, then refuses. */
async function failUnsent(payment: Payment, error: unknown): Promise<never> {
  if (error instanceof DomainError || error instanceof PaymentGatewayError) {
    await recordPaymentNews(payment.id, { reported: 'FAILED', source: 'store', details: failureDetails(error.said) });
  } else if (error instanceof Error) {
    await recordPaymentNews(payment.id, { reported: 'FAILED', source: 'store', details: { error: error.message } });
  }
  throw error;
}

/**
 * The buyer gives up paying online and pays the rider instead: the order's open online attempts are closed
 * (at their gateways where they can be: a page found paid meanwhile pays the order, and the switch is refused)
 * and a payment on delivery takes their place, under the order's lock. A request still waiting on the phone
 * must be answered or expire first; an old attempt paid after the switch is refunded (ledger.ts). Choosing it
 * again answers the order as it stands.
 */
export async function switchToCashOnDelivery(user: SessionUser, orderId: number): Promise<OrderDetails> {
  const order = await getOrder(user.id, orderId);
  if (order.payment_gateway === 'cash_on_delivery' && order.payment_status === 'PAY_ON_DELIVERY') return order;
  const db = await getDb();
  await refuseCashOnDelivery(db, [...(await orderableProducts(db, [...new Set(order.items.map((item) => item.product_id))])).values()]);
  await startNewAttempt(order, 'cash_on_delivery');
  return getOrder(user.id, orderId);
}

/** The buyer cancels their order while none of it has left (order-parts.ts); the order as it now stands. */
export async function cancelOrder(user: SessionUser, orderId: number): Promise<OrderDetails> {
  await cancelOrderByBuyer(user, orderId);
  return getOrder(user.id, orderId);
}

/** The order after asking its gateway how the payment went (the buyer is back from the gateway's page). */
export async function checkPayment(user: SessionUser, orderId: number): Promise<OrderDetails> {
  const order = await getOrder(user.id, orderId);
  if (order.payment && order.payment.status === 'PENDING_PAYMENT' && order.payment.gateway_reference) {
    try {
      await refreshPayment(order.payment);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // The gateway could not be asked now; the page shows the status as it stands and asks again.
    }
  }
  return getOrder(user.id, orderId);
}
