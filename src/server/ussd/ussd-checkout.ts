/**
 * The checkout screens of the USSD menu: where to deliver, how to pay (mobile money on the dialing number, its
 * network known by its prefix, or cash on delivery), the buyer's name once, and the confirmation. Confirming places
 * the order through the web's own order service (place-order.ts): the same prices, stock, limits, events and texts.
 */
import { createHash } from 'node:crypto';
import { listDeliveryLocations, deliveryCharge, type DeliveryLocation } from '../orders/delivery-locations';
import { cashOnDeliveryOffFor, parseOrder, placeOrderSummary } from '../orders/place-order';
import { availableGateways } from '../payments/payments';
import { DomainError } from '../errors';
import { failureMessageOf, PaymentGatewayError } from '../payments/gateway';
import { networkOf, localNumber, type MobileMoneyGateway } from '../../lib/mobile-money';
import { GATEWAY_LABELS } from '../../lib/order-rules';
import { sayMessage } from '../../lib/messages/say-message';
import { BACK_KEY } from './screen';
import { answerChoice, answerPaged, backChoice, listChoices, pageOfList } from './ussd-lists';
import { draftProduct, productOptions, unitsLeft } from './ussd-shop';
import type { Draft, Move, Place, Step, UssdContext } from './ussd-places';

type PayWay = MobileMoneyGateway | 'cash_on_delivery';

/** A name as the order takes it: at least 2 letters, at most 60 characters. */
const NAME_LENGTH = { least: 2, most: 60 };

/** The delivery places, cheapest first (the store's own order). */
const places = (): Promise<DeliveryLocation[]> => listDeliveryLocations();

export const placeStep: Step<Extract<Place, { kind: 'place' }>> = {
  async draw(ctx, place) {
    const page = pageOfList(await places(), place.page);
    return { lines: [ctx.tr.t.ussd.deliverTo], choices: listChoices(ctx, page, (location) => location.name) };
  },
  async answer(ctx, place, input) {
    return answerPaged(ctx, place, pageOfList(await places(), place.page), input, (location) => {
      ctx.state.draft = { ...ctx.state.draft, location_id: location.id };
      return { to: { kind: 'pay' } };
    });
  },
};

/** The ways this number may pay for the draft's product now: its network's mobile money, and cash unless the vendor may not take it. */
async function payWays(ctx: UssdContext): Promise<PayWay[]> {
  const offered = availableGateways();
  const network = networkOf(ctx.phone);
  const ways: PayWay[] = network && offered.includes(network) ? [network] : [];
  const productId = ctx.state.draft.product_id;
  if (offered.includes('cash_on_delivery') && productId !== undefined && (await cashOnDeliveryOffFor([productId])).length === 0) ways.push('cash_on_delivery');
  return ways;
}

const payLabel = (ctx: UssdContext, way: PayWay) =>
  way === 'cash_on_delivery' ? ctx.tr.t.ussd.cash : ctx.tr.fill(ctx.tr.t.ussd.mobileMoney, { network: GATEWAY_LABELS[way].title });

export const payStep: Step<Extract<Place, { kind: 'pay' }>> = {
  async draw(ctx, place) {
    const ways = await payWays(ctx);
    // Kept with the screen: the answer reads the keys as drawn (the order checks again whether cash is taken).
    place.ways = ways;
    return { lines: [ctx.tr.t.ussd.payHow], choices: [...ways.map((way, index) => ({ key: String(index + 1), label: payLabel(ctx, way) })), backChoice(ctx)] };
  },
  async answer(ctx, place, input) {
    const ways = place.ways ?? (await payWays(ctx));
    return answerChoice(ctx, input, ways.length, async (index) => {
      ctx.state.draft = { ...ctx.state.draft, gateway: ways[index]! };
      const name = ctx.state.draft.buyer_name ?? (await ctx.buyer.knownName());
      return name ? { to: { kind: 'confirm' } } : { to: { kind: 'name' } };
    });
  },
};

export const nameStep: Step<Extract<Place, { kind: 'name' }>> = {
  draw: (ctx) => ({ lines: [ctx.tr.t.ussd.askName], choices: [backChoice(ctx)] }),
  answer(ctx, _place, input) {
    if (input === BACK_KEY) return { back: true };
    const name = input
      .replace(/[^\p{L}\p{M}' .-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (name.replace(/[^\p{L}]/gu, '').length < NAME_LENGTH.least) return { stay: ctx.tr.t.ussd.nameShort };
    ctx.state.draft = { ...ctx.state.draft, buyer_name: name.slice(0, NAME_LENGTH.most) };
    return { to: { kind: 'confirm' } };
  },
};

/** The draft with everything an order needs, or null when something is missing (a screen was skipped). */
async function readyDraft(draft: Draft) {
  const product = await draftProduct(draft);
  const location = (await places()).find((place) => place.id === draft.location_id);
  if (!product || !location || !draft.quantity || !draft.gateway) return null;
  const { colours, sizes } = productOptions(product);
  if ((colours.length > 0 && !draft.color) || (sizes.length > 0 && !draft.size)) return null;
  return { product, location, quantity: draft.quantity, gateway: draft.gateway };
}

export const confirmStep: Step<Extract<Place, { kind: 'confirm' }>> = {
  async draw(ctx) {
    const ready = await readyDraft(ctx.state.draft);
    const { t, fill, money } = ctx.tr;
    if (!ready) return { lines: [t.ussd.failed], choices: [backChoice(ctx)] };
    const { product, location, quantity, gateway } = ready;
    const options = [ctx.state.draft.color, ctx.state.draft.size].filter(Boolean).join(', ');
    const total = Number(product.price_1) * quantity + deliveryCharge(location);
    return {
      lines: [
        fill(t.ussd.confirm.line, { quantity, name: options ? `${product.name} (${options})` : product.name }),
        fill(t.ussd.confirm.to, { place: location.name }),
        payLabel(ctx, gateway),
        fill(t.ussd.confirm.total, { total: money(total) }),
      ],
      choices: [{ key: '1', label: t.ussd.confirm.ok }, backChoice(ctx)],
    };
  },
  async answer(ctx, _place, input) {
    return answerChoice(ctx, input, 1, () => placeDraft(ctx));
  },
};

/** Says a refusal of the order services in the session's language. */
export function refusalText(ctx: UssdContext, error: unknown): string | null {
  if (error instanceof DomainError || error instanceof PaymentGatewayError) return sayMessage(error.said, ctx.language);
  return null;
}

/**
 * Places the draft as the number's order: the account is made now for a number without one. One order per
 * session (its idempotency key), so a confirmation sent twice places it once.
 */
async function placeDraft(ctx: UssdContext): Promise<Move> {
  const ready = await readyDraft(ctx.state.draft);
  if (!ready || unitsLeft(ready.product) === 0) return { stay: ctx.tr.t.ussd.failed };
  const { t, fill, money } = ctx.tr;
  const name = ctx.state.draft.buyer_name ?? (await ctx.buyer.knownName()) ?? '';
  try {
    const caller = await ctx.buyer.callerForOrder(name, ctx.language);
    const input = parseOrder({
      items: [
        {
          product_id: ready.product.id,
          quantity: ready.quantity,
          color: ctx.state.draft.color ?? '',
          size: ctx.state.draft.size ?? '',
          price: Number(ready.product.price_1),
        },
      ],
      customer_name: name,
      customer_phone: localNumber(ctx.phone),
      delivery_location_id: ready.location.id,
      delivery_address: fill(t.ussd.deliveryAddress, { place: ready.location.name }),
      notes: '',
      payment_gateway: ready.gateway,
      payment_phone: ready.gateway === 'cash_on_delivery' ? '' : ctx.phone,
      idempotency_key: `ussd-${createHash('sha256').update(ctx.sessionId).digest('hex').slice(0, 40)}`,
    });
    const order = await placeOrderSummary(caller, input, ctx.origin, ctx.language);
    ctx.placedOrderId = order.id;
    const total = money(order.total);
    if (ready.gateway === 'cash_on_delivery') return { end: { lines: [fill(t.ussd.placed.cash, { id: order.id, total })], choices: [], end: true } };
    if (order.payment?.status === 'FAILED') {
      const said = failureMessageOf(order.payment.details);
      const reason = said ? sayMessage(said, ctx.language) : '';
      return { end: { lines: [fill(t.ussd.placed.payFailed, { id: order.id, reason })], choices: [], end: true } };
    }
    return { end: { lines: [fill(t.ussd.placed.mobileMoney, { id: order.id, total })], choices: [], end: true } };
  } catch (error) {
    const said = refusalText(ctx, error);
    if (said === null) throw error;
    return { stay: said };
  }
}
