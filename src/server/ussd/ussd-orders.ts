/**
 * "My orders" in the USSD menu: the number's last five orders with how far each has come, one order's parts (who
 * sends them, how far each is, the rider's code once on its way), cancelling while the web allows it, and asking
 * the phone to pay again for an order whose mobile money request failed or expired. Through the orders' own
 * services, as the account's owner.
 */
import { getOrder, latestOrders, type OrderDetails } from '../orders/orders';
import { cancelOrder, retryPayment } from '../orders/place-order';
import { canBuyerCancel, canPayOnline, type OrderStatus, type PaymentGatewayName, type PaymentStatus } from '../../lib/order-rules';
import { isMobileMoneyGateway } from '../../lib/mobile-money';
import type { Choice } from './screen';
import { answerChoice, backChoice, chooseAgain } from './ussd-lists';
import { refusalText } from './ussd-checkout';
import type { Move, Place, Step, UssdContext } from './ussd-places';
import { BACK_KEY } from './screen';

/** The orders "My orders" lists. */
const LISTED_ORDERS = 5;
/** The parts an order's screen lists (an order rarely has more vendors; the web shows them all). */
const LISTED_PARTS = 4;

const statusWords = (ctx: UssdContext, progress: string) =>
  ctx.tr.t.checkout.orderStatuses[progress as keyof typeof ctx.tr.t.checkout.orderStatuses] ?? progress;

async function ordersOf(ctx: UssdContext) {
  const caller = await ctx.buyer.caller();
  return caller ? latestOrders(caller.id, LISTED_ORDERS) : [];
}

/** One of the number's orders, or null when it is not theirs (or gone). */
async function orderOf(ctx: UssdContext, id: number): Promise<OrderDetails | null> {
  const caller = await ctx.buyer.caller();
  if (!caller) return null;
  return getOrder(caller.id, id).catch(() => null);
}

export const ordersStep: Step<Extract<Place, { kind: 'orders' }>> = {
  async draw(ctx) {
    const orders = await ordersOf(ctx);
    const { t, fill, money } = ctx.tr;
    if (orders.length === 0) return { lines: [t.ussd.orders.none], choices: [backChoice(ctx)] };
    const choices = orders.map((order, index) => ({
      key: String(index + 1),
      label: fill(t.ussd.orders.line, { id: order.id, status: statusWords(ctx, order.progress) }),
      keep: money(order.total),
    }));
    return { lines: [t.ussd.main.orders], choices: [...choices, backChoice(ctx)] };
  },
  async answer(ctx, _place, input) {
    const orders = await ordersOf(ctx);
    return answerChoice(ctx, input, orders.length, (index) => ({ to: { kind: 'order', id: orders[index]!.id } }));
  },
};

type OrderAction = { kind: 'part'; part: number } | { kind: 'cancel' } | { kind: 'pay' };

/** Whether a new request to pay may be sent for the order: paid by mobile money, not paid, no request still waiting. */
function mayPayAgain(order: OrderDetails): boolean {
  const gateway = order.payment_gateway as PaymentGatewayName;
  if (!isMobileMoneyGateway(gateway)) return false;
  return canPayOnline(gateway, order.payment_status as PaymentStatus, order.status as OrderStatus) && !((order.payment?.approval_seconds_left ?? 0) > 0);
}

/** What the order's screen offers, in its order: its parts, cancelling, paying again. */
function orderActions(order: OrderDetails): OrderAction[] {
  return [
    ...order.parts.slice(0, LISTED_PARTS).map((part) => ({ kind: 'part' as const, part: part.id })),
    ...(canBuyerCancel(order.parts.map((part) => part.status as OrderStatus)) ? [{ kind: 'cancel' as const }] : []),
    ...(mayPayAgain(order) ? [{ kind: 'pay' as const }] : []),
  ];
}

export const orderStep: Step<Extract<Place, { kind: 'order' }>> = {
  async draw(ctx, place) {
    const order = await orderOf(ctx, place.id);
    const { t, fill, money } = ctx.tr;
    if (!order) return { lines: [t.ussd.empty], choices: [backChoice(ctx)] };
    const choices: Choice[] = orderActions(order).map((action, index) => {
      const key = String(index + 1);
      if (action.kind === 'cancel') return { key, label: t.ussd.order.cancel };
      if (action.kind === 'pay') return { key, label: fill(t.ussd.order.payNow, { total: money(order.money.total) }) };
      const part = order.parts.find((candidate) => candidate.id === action.part)!;
      return { key, label: fill(t.ussd.order.part, { vendor: part.vendor_name, status: statusWords(ctx, part.status) }) };
    });
    return {
      lines: [fill(t.ussd.order.head, { id: order.id, status: statusWords(ctx, order.progress), total: money(order.total) })],
      choices: [...choices, backChoice(ctx)],
    };
  },
  async answer(ctx, place, input) {
    const order = await orderOf(ctx, place.id);
    if (!order) return input === BACK_KEY ? { back: true } : chooseAgain(ctx, 0);
    const actions = orderActions(order);
    return answerChoice(ctx, input, actions.length, (index) => {
      const action = actions[index]!;
      if (action.kind === 'part') return { to: { kind: 'part', order: order.id, part: action.part } };
      if (action.kind === 'cancel') return { to: { kind: 'cancel', id: order.id } };
      return payAgain(ctx, order);
    });
  },
};

/** Asks the dialing number to pay for the order again. */
async function payAgain(ctx: UssdContext, order: OrderDetails): Promise<Move> {
  const caller = (await ctx.buyer.caller())!;
  try {
    const after = await retryPayment(caller, order.id, ctx.origin, ctx.phone, ctx.language);
    return { end: { lines: [ctx.tr.fill(ctx.tr.t.ussd.promptSent, { total: ctx.tr.money(after.payment?.amount ?? after.total) })], choices: [], end: true } };
  } catch (error) {
    const said = refusalText(ctx, error);
    if (said === null) throw error;
    return { stay: said };
  }
}

export const partStep: Step<Extract<Place, { kind: 'part' }>> = {
  async draw(ctx, place) {
    const order = await orderOf(ctx, place.order);
    const part = order?.parts.find((candidate) => candidate.id === place.part);
    const { t, fill } = ctx.tr;
    if (!order || !part) return { lines: [t.ussd.empty], choices: [backChoice(ctx)] };
    return {
      lines: [
        `#${order.id} ${fill(t.ussd.order.part, { vendor: part.vendor_name, status: statusWords(ctx, part.status) })}`,
        ...(part.handover_code ? [fill(t.ussd.order.riderCode, { code: part.handover_code })] : []),
        ...part.lines.map((line) => fill(t.ussd.order.line, { quantity: line.quantity, name: line.product_name })),
      ],
      choices: [backChoice(ctx)],
    };
  },
  answer: (ctx, _place, input) => (input === BACK_KEY ? { back: true } : chooseAgain(ctx, 0)),
};

export const cancelStep: Step<Extract<Place, { kind: 'cancel' }>> = {
  draw: (ctx, place) => ({
    lines: [ctx.tr.fill(ctx.tr.t.ussd.cancelAsk, { id: place.id })],
    choices: [
      { key: '1', label: ctx.tr.t.ussd.yes },
      { key: '2', label: ctx.tr.t.ussd.no },
    ],
  }),
  async answer(ctx, place, input) {
    return answerChoice(ctx, input, 2, async (index) => {
      if (index === 1) return { back: true };
      const caller = await ctx.buyer.caller();
      try {
        if (!caller) throw new Error('A number without an account has no order to cancel');
        await cancelOrder(caller, place.id);
      } catch (error) {
        const said = refusalText(ctx, error);
        if (said === null) throw error;
        return { stay: said };
      }
      return { end: { lines: [ctx.tr.fill(ctx.tr.t.ussd.cancelled, { id: place.id })], choices: [], end: true } };
    });
  },
};
