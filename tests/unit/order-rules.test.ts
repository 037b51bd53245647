import { describe, expect, it } from 'vitest';
import {
  canBuyerCancel,
  canMoveOrder,
  itemsHeldUntil,
  canPayOnline,
  canSwitchToCash,
  mayPrepare,
  nextPaymentStatus,
  ORDER_STATUSES,
  orderPaymentStatus,
  orderProgressLabel,
  orderStatusOfParts,
  PAYMENT_STATUSES,
  refundOwed,
  type PaymentStatus,
} from '~/lib/order-rules';

describe('order status', () => {
  it('moves forward one step at a time and can be cancelled only before it ships', () => {
    expect(canMoveOrder('pending', 'processing')).toBe(true);
    expect(canMoveOrder('processing', 'shipped')).toBe(true);
    expect(canMoveOrder('shipped', 'delivered')).toBe(true);
    expect(canMoveOrder('pending', 'cancelled')).toBe(true);
    expect(canMoveOrder('processing', 'cancelled')).toBe(true);
    expect(canMoveOrder('shipped', 'cancelled')).toBe(false);
    expect(canMoveOrder('pending', 'delivered')).toBe(false);
    expect(canMoveOrder('processing', 'pending')).toBe(false);
  });

  it('ends at delivered and cancelled', () => {
    for (const to of ORDER_STATUSES) {
      expect(canMoveOrder('delivered', to)).toBe(false);
      expect(canMoveOrder('cancelled', to)).toBe(false);
    }
  });
});

describe('an order of several parts', () => {
  it('is what its live parts say when they agree', () => {
    expect(orderStatusOfParts(['shipped', 'shipped'])).toBe('shipped');
    expect(orderStatusOfParts(['cancelled', 'processing'])).toBe('processing');
    expect(orderStatusOfParts(['delivered', 'cancelled'])).toBe('delivered');
  });

  it('is in progress while its parts differ: on the way once every live part has left', () => {
    expect(orderStatusOfParts(['pending', 'processing'])).toBe('processing');
    expect(orderStatusOfParts(['pending', 'shipped'])).toBe('processing');
    expect(orderStatusOfParts(['pending', 'delivered'])).toBe('processing');
    expect(orderStatusOfParts(['shipped', 'delivered'])).toBe('shipped');
    expect(orderStatusOfParts(['shipped', 'delivered', 'cancelled'])).toBe('shipped');
  });

  it('is cancelled only when every part is', () => {
    expect(orderStatusOfParts(['cancelled', 'cancelled'])).toBe('cancelled');
    expect(orderStatusOfParts(['cancelled'])).toBe('cancelled');
    expect(orderStatusOfParts(['cancelled', 'pending'])).toBe('pending');
  });

  it("says how far it has come in the buyer's words", () => {
    expect(orderProgressLabel(['pending'])).toBe('Order placed');
    expect(orderProgressLabel(['shipped', 'pending'])).toBe('Partly shipped');
    expect(orderProgressLabel(['delivered', 'processing'])).toBe('Partly shipped');
    expect(orderProgressLabel(['pending', 'processing'])).toBe('Being prepared');
    expect(orderProgressLabel(['shipped', 'delivered'])).toBe('Partly delivered');
    expect(orderProgressLabel(['delivered', 'delivered', 'cancelled'])).toBe('Delivered');
    expect(orderProgressLabel(['cancelled', 'shipped'])).toBe('On the way');
  });
});

describe('payment status', () => {
  it('never leaves COMPLETED, whatever arrives later, except by a refund or a reversal', () => {
    for (const reported of ['FAILED', 'CANCELLED', 'PENDING_PAYMENT', 'PAY_ON_DELIVERY'] as const)
      expect(nextPaymentStatus('COMPLETED', reported)).toBe('COMPLETED');
    expect(nextPaymentStatus('COMPLETED', 'REFUNDED')).toBe('REFUNDED');
    expect(nextPaymentStatus('COMPLETED', 'REVERSED')).toBe('REVERSED');
  });

  it('ends at REFUNDED and REVERSED, and never refunds what was not paid', () => {
    for (const reported of PAYMENT_STATUSES) {
      expect(nextPaymentStatus('REFUNDED', reported)).toBe('REFUNDED');
      expect(nextPaymentStatus('REVERSED', reported)).toBe('REVERSED');
    }
    for (const unpaid of ['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'PAY_ON_DELIVERY'] as const) expect(nextPaymentStatus(unpaid, 'REFUNDED')).toBe(unpaid);
  });

  it("takes the gateway's news otherwise; a cancelled attempt only turns into money received", () => {
    expect(nextPaymentStatus('PENDING_PAYMENT', 'COMPLETED')).toBe('COMPLETED');
    expect(nextPaymentStatus('PENDING_PAYMENT', 'FAILED')).toBe('FAILED');
    expect(nextPaymentStatus('FAILED', 'COMPLETED')).toBe('COMPLETED');
    expect(nextPaymentStatus('CANCELLED', 'FAILED')).toBe('CANCELLED');
    expect(nextPaymentStatus('CANCELLED', 'COMPLETED')).toBe('COMPLETED');
  });

  it('an order is paid when any attempt is, whatever the latest says; otherwise it shows the latest', () => {
    expect(orderPaymentStatus([{ status: 'COMPLETED' }, { status: 'CANCELLED' }])).toBe('COMPLETED');
    expect(orderPaymentStatus([{ status: 'CANCELLED' }, { status: 'PENDING_PAYMENT' }])).toBe('PENDING_PAYMENT');
    expect(orderPaymentStatus([{ status: 'COMPLETED' }, { status: 'REFUNDED' }])).toBe('COMPLETED');
    expect(orderPaymentStatus([{ status: 'REVERSED' }])).toBe('REVERSED');
    expect(orderPaymentStatus([])).toBe('PENDING_PAYMENT');
  });

  it('owes back what was paid beyond what the order still costs, less what is already owed back', () => {
    expect(refundOwed({ paid: 50_000, owed: 50_000, refunded: 0 })).toBe(0);
    expect(refundOwed({ paid: 100_000, owed: 50_000, refunded: 0 })).toBe(50_000);
    expect(refundOwed({ paid: 100_000, owed: 50_000, refunded: 50_000 })).toBe(0);
    expect(refundOwed({ paid: 50_000, owed: 20_000, refunded: 0 })).toBe(30_000);
    expect(refundOwed({ paid: 0, owed: 20_000, refunded: 0 })).toBe(0);
  });

  it('offers online payment again after a reversal', () => {
    expect(canPayOnline('pesapal', 'REVERSED', 'pending')).toBe(true);
    expect(canPayOnline('stripe', 'REFUNDED', 'pending')).toBe(false);
  });

  it('offers online payment only for Pesapal and Stripe orders still open', () => {
    expect(canPayOnline('pesapal', 'PENDING_PAYMENT', 'pending')).toBe(true);
    expect(canPayOnline('stripe', 'FAILED', 'pending')).toBe(true);
    expect(canPayOnline('pesapal', 'COMPLETED', 'pending')).toBe(false);
    expect(canPayOnline('pesapal', 'FAILED', 'cancelled')).toBe(false);
    expect(canPayOnline('cash_on_delivery', 'PAY_ON_DELIVERY', 'pending')).toBe(false);
    expect(canPayOnline('manual', 'PENDING_PAYMENT', 'pending')).toBe(false);
  });
});

describe('an order whose online payment did not go through', () => {
  it('after a switch to cash on delivery, money an old attempt still takes does not pay the order; the rider collecting does', () => {
    const switched = [
      { status: 'COMPLETED', gateway: 'mtn_momo' },
      { status: 'PAY_ON_DELIVERY', gateway: 'cash_on_delivery' },
    ] as const;
    expect(orderPaymentStatus(switched)).toBe('PAY_ON_DELIVERY');
    expect(orderPaymentStatus([switched[0], { status: 'COMPLETED', gateway: 'cash_on_delivery' }])).toBe('COMPLETED');
    expect(orderPaymentStatus([{ status: 'PAY_ON_DELIVERY', gateway: 'cash_on_delivery' }])).toBe('PAY_ON_DELIVERY');
  });

  it('may switch to cash on delivery while not paid nor cancelled, and only from paying online', () => {
    expect(canSwitchToCash('mtn_momo', 'FAILED', 'pending')).toBe(true);
    expect(canSwitchToCash('stripe', 'PENDING_PAYMENT', 'pending')).toBe(true);
    expect(canSwitchToCash('mtn_momo', 'COMPLETED', 'pending')).toBe(false);
    expect(canSwitchToCash('pesapal', 'FAILED', 'cancelled')).toBe(false);
    expect(canSwitchToCash('cash_on_delivery', 'PAY_ON_DELIVERY', 'pending')).toBe(false);
  });

  it('is prepared only once paid, unless it is paid on delivery', () => {
    expect(mayPrepare('COMPLETED')).toBe(true);
    expect(mayPrepare('PAY_ON_DELIVERY')).toBe(true);
    for (const status of ['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'REVERSED', 'REFUNDED'] as const) expect(mayPrepare(status)).toBe(false);
  });

  it('may be cancelled by its buyer until a part has left', () => {
    expect(canBuyerCancel(['pending', 'processing'])).toBe(true);
    expect(canBuyerCancel(['cancelled', 'pending'])).toBe(true);
    expect(canBuyerCancel(['pending', 'shipped'])).toBe(false);
    expect(canBuyerCancel(['delivered'])).toBe(false);
    expect(canBuyerCancel(['cancelled'])).toBe(false);
  });
});

describe('how long an unpaid order keeps its items', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 8, minute));
  const hold = 30 * 60_000;
  const placed = at(0);
  const attempt = (gateway: string, status: PaymentStatus, approvalEndsMinute?: number) => ({
    gateway,
    status,
    approval_ends_at: approvalEndsMinute === undefined ? null : at(approvalEndsMinute),
  });

  it('holds them the hold from when the order was placed, whenever its attempts failed, were declined, cancelled or reversed', () => {
    expect(itemsHeldUntil(placed, [attempt('mtn_momo', 'FAILED', 5)], hold)).toEqual(at(30));
    expect(itemsHeldUntil(placed, [attempt('stripe', 'CANCELLED'), attempt('airtel_money', 'FAILED', 25)], hold)).toEqual(at(30));
    expect(itemsHeldUntil(placed, [attempt('pesapal', 'REVERSED')], hold)).toEqual(at(30));
  });

  it('counts a payment page still open in the hold: a Stripe page living 31 minutes or a Pesapal page does not keep them longer', () => {
    expect(itemsHeldUntil(placed, [attempt('stripe', 'PENDING_PAYMENT')], hold)).toEqual(at(30));
    expect(itemsHeldUntil(placed, [attempt('stripe', 'FAILED'), attempt('pesapal', 'PENDING_PAYMENT')], hold)).toEqual(at(30));
  });

  it('keeps them to the end of the approval window of a request still waiting on the phone', () => {
    expect(itemsHeldUntil(placed, [attempt('mtn_momo', 'FAILED', 5), attempt('mtn_momo', 'PENDING_PAYMENT', 33)], hold)).toEqual(at(33));
    expect(itemsHeldUntil(placed, [attempt('airtel_money', 'PENDING_PAYMENT', 5)], hold)).toEqual(at(30));
  });

  it('holds nothing for an order paid, paid on delivery, paid by hand, or with no attempt', () => {
    expect(itemsHeldUntil(placed, [attempt('stripe', 'FAILED'), attempt('stripe', 'COMPLETED')], hold)).toBeNull();
    expect(itemsHeldUntil(placed, [attempt('mtn_momo', 'FAILED', 5), attempt('cash_on_delivery', 'PAY_ON_DELIVERY')], hold)).toBeNull();
    expect(itemsHeldUntil(placed, [attempt('manual', 'PENDING_PAYMENT')], hold)).toBeNull();
    expect(itemsHeldUntil(placed, [], hold)).toBeNull();
  });
});
