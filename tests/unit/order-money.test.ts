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

  it('goes back to the card, the mobile money number, or by hand', () => {
    expect(refundWayOf('stripe')).toBe('card');
    expect(refundWayOf('airtel_money')).toBe('mobile_money');
    expect(refundWayOf('pesapal')).toBe('by_hand');
    expect(refundWayOf('manual')).toBe('by_hand');
  });
});
