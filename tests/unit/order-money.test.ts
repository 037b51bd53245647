import { describe, expect, it } from 'vitest';
import { orderMoney, refundWayOf } from '~/lib/order-money';

const part = (id: number, status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled', ...subtotals: number[]) => ({
  id,
  status,
  lines: subtotals.map((subtotal) => ({ subtotal })),
});

describe("an order's money, part by part", () => {
  it('cash on delivery: the rider collects only for the parts not yet delivered', () => {
    const money = orderMoney({
      parts: [part(1, 'delivered', 45_000), part(2, 'shipped', 50_000, 12_500)],
      delivery_fee: 0,
      payment_status: 'PAY_ON_DELIVERY',
      paid: 0,
      refunds: [],
    });
    expect(money.parts).toEqual([
      { part_id: 1, cost: 45_000, coming_back: 0 },
      { part_id: 2, cost: 62_500, coming_back: 0 },
    ]);
    expect(money).toMatchObject({ total: 107_500, to_pay_on_delivery: 62_500, paid: 0, refund_due: 0, refund_due_way: null });
  });

  it('delivery is collected with the first part to arrive, and nothing for cancelled parts', () => {
    const money = orderMoney({
      parts: [part(1, 'pending', 10_000), part(2, 'cancelled', 5_000)],
      delivery_fee: 3_000,
      payment_status: 'PAY_ON_DELIVERY',
      paid: 0,
      refunds: [],
    });
    expect(money).toMatchObject({ total: 13_000, to_pay_on_delivery: 13_000 });
    expect(money.parts[1]).toEqual({ part_id: 2, cost: 5_000, coming_back: 0 });
  });

  it('paid online: a cancelled part comes back, and the refunds say how much is due and how it goes back', () => {
    const money = orderMoney({
      parts: [part(1, 'cancelled', 40_000), part(2, 'processing', 60_000)],
      delivery_fee: 0,
      payment_status: 'COMPLETED',
      paid: 100_000,
      refunds: [{ amount: 40_000, status: 'due', gateway: 'mtn_momo' }],
    });
    expect(money.parts[0]).toEqual({ part_id: 1, cost: 40_000, coming_back: 40_000 });
    expect(money).toMatchObject({ total: 60_000, paid: 100_000, refund_due: 40_000, refund_due_way: 'mobile_money', refunded: 0, to_pay_on_delivery: 0 });
  });

  it('money paid back is no longer due', () => {
    const money = orderMoney({
      parts: [part(1, 'cancelled', 40_000)],
      delivery_fee: 0,
      payment_status: 'REFUNDED',
      paid: 40_000,
      refunds: [{ amount: 40_000, status: 'refunded', gateway: 'stripe' }],
    });
    expect(money).toMatchObject({ total: 0, refund_due: 0, refund_due_way: null, refunded: 40_000 });
  });

  it('tells each refund with its reason, its way back, and when it came or should come', () => {
    const owed = new Date('2026-11-20T08:00:00Z');
    const money = orderMoney({
      parts: [part(1, 'cancelled', 40_000), part(2, 'delivered', 10_000)],
      delivery_fee: 0,
      payment_status: 'COMPLETED',
      paid: 50_000,
      refunds: [
        { amount: 40_000, status: 'due', gateway: 'stripe', reason: 'cancelled', created_at: owed, updated_at: owed },
        { amount: 10_000, status: 'refunded', gateway: 'mtn_momo', reason: 'returned', created_at: owed, updated_at: new Date('2026-11-21T09:00:00Z') },
      ],
    });
    expect(money.refunds).toEqual([
      { amount: 40_000, reason: 'cancelled', way: 'card', paid_back: false, since: owed.toISOString(), when: '2026-11-30T08:00:00.000Z' },
      { amount: 10_000, reason: 'returned', way: 'mobile_money', paid_back: true, since: owed.toISOString(), when: '2026-11-21T09:00:00.000Z' },
    ]);
  });

  it('goes back to the card, the mobile money number, or by hand', () => {
    expect(refundWayOf('stripe')).toBe('card');
    expect(refundWayOf('airtel_money')).toBe('mobile_money');
    expect(refundWayOf('pesapal')).toBe('by_hand');
    expect(refundWayOf('manual')).toBe('by_hand');
  });
});
