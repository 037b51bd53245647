/**
 * An order's money as its buyer is told it, part by part: what each part costs, what of it comes back, and
 * what is left to pay the rider. Pure: the server works it out once from the parts, the payment and the
 * ledger's refunds, and the API and the order page show the same figures.
 */
import type { OrderStatus, PaymentStatus } from './order-rules';

/** How money owed back reaches the buyer: to the card, to the Mobile Money number, or paid back by the store by hand. */
export type RefundWay = 'card' | 'mobile_money' | 'by_hand';

/** The gateway a payment came in through decides how its refund goes back. */
export function refundWayOf(gateway: string): RefundWay {
  if (gateway === 'stripe') return 'card';
  if (gateway === 'mtn_momo' || gateway === 'airtel_money') return 'mobile_money';
  return 'by_hand';
}

/** Why money goes back: paid twice or more than the order costs, a part cancelled after it was paid, items returned. */
export type RefundReason = 'overpayment' | 'cancelled' | 'returned';

/**
 * How many days a refund usually takes to reach the buyer once the store sends it: mobile money lands within the
 * day, a card refund takes the card's bank up to ten days (Stripe says 5 to 10 business days), and money paid
 * back by hand is sent by the store within three days.
 */
export const REFUND_DAYS: Record<RefundWay, number> = { mobile_money: 1, card: 10, by_hand: 3 };
const DAY_MS = 24 * 60 * 60 * 1000;

export type MoneyPart = { id: number; status: OrderStatus; lines: readonly { subtotal: number }[] };
export type MoneyRefund = { amount: number; status: string; gateway: string; reason?: string; created_at?: Date; updated_at?: Date };

/** One refund as its buyer is told it: how much, why, how it goes back, and when it came or should come. */
export type RefundLine = {
  amount: number;
  reason: RefundReason;
  way: RefundWay;
  paid_back: boolean;
  /** When the refund was owed (ISO). */
  since: string;
  /** Paid back: when; still due: by when it should reach the buyer (ISO). */
  when: string;
};

/** One part's money: what its lines cost, and what of that comes back because the part was cancelled after it was paid. */
export type PartMoney = { part_id: number; cost: number; coming_back: number };

export type OrderMoney = {
  parts: PartMoney[];
  delivery_fee: number;
  /** What the order costs now: its parts not cancelled, and delivery while any is live. */
  total: number;
  /** Money the buyer paid online or by transfer (refunds not taken off). */
  paid: number;
  /** Owed back and not yet paid back, and how it goes back. */
  refund_due: number;
  refund_due_way: RefundWay | null;
  /** Already paid back. */
  refunded: number;
  /** Each refund, oldest first. */
  refunds: RefundLine[];
  /** Cash on delivery: what the rider still collects (parts not yet delivered nor cancelled, and delivery until the first arrives). */
  to_pay_on_delivery: number;
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function orderMoney(order: {
  parts: readonly MoneyPart[];
  delivery_fee: number;
  payment_status: PaymentStatus;
  paid: number;
  refunds: readonly MoneyRefund[];
  /** Paid in cash at the door: a part cancelled before it came was never paid for, so nothing of it comes back. */
  cash_on_delivery?: boolean;
}): OrderMoney {
  const costs = order.parts.map((part) => ({ part, cost: sum(part.lines.map((line) => line.subtotal)) }));
  const live = costs.filter(({ part }) => part.status !== 'cancelled');
  const delivery = live.length > 0 ? order.delivery_fee : 0;
  const paid = order.paid > 0 && !order.cash_on_delivery;
  const due = order.refunds.filter((refund) => refund.status !== 'refunded');
  const onDelivery = order.payment_status === 'PAY_ON_DELIVERY';
  const waiting = live.filter(({ part }) => part.status !== 'delivered');
  const anyArrived = live.some(({ part }) => part.status === 'delivered');
  return {
    parts: costs.map(({ part, cost }) => ({ part_id: part.id, cost, coming_back: paid && part.status === 'cancelled' ? cost : 0 })),
    delivery_fee: delivery,
    total: sum(live.map(({ cost }) => cost)) + delivery,
    paid: order.paid,
    refund_due: sum(due.map((refund) => refund.amount)),
    refund_due_way: due.length > 0 ? refundWayOf(due[0]!.gateway) : null,
    refunded: sum(order.refunds.filter((refund) => refund.status === 'refunded').map((refund) => refund.amount)),
    refunds: order.refunds.map(refundLine),
    to_pay_on_delivery: onDelivery ? sum(waiting.map(({ cost }) => cost)) + (waiting.length > 0 && !anyArrived ? delivery : 0) : 0,
  };
}

function refundLine(refund: MoneyRefund): RefundLine {
  const way = refundWayOf(refund.gateway);
  const since = refund.created_at ?? new Date(0);
  const paidBack = refund.status === 'refunded';
  const when = paidBack ? (refund.updated_at ?? since) : new Date(since.getTime() + REFUND_DAYS[way] * DAY_MS);
  const reason = refund.reason === 'overpayment' || refund.reason === 'returned' ? refund.reason : 'cancelled';
  return { amount: refund.amount, reason, way, paid_back: paidBack, since: since.toISOString(), when: when.toISOString() };
}
