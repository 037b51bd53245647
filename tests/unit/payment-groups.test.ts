import { describe, expect, it } from 'vitest';
import { groupOf, paymentGroups } from '~/lib/payment-groups';

describe('the ways to pay at checkout', () => {
  it('offers each network, cash on delivery, then card and the rest under one choice', () => {
    const groups = paymentGroups(['pesapal', 'stripe', 'mtn_momo', 'airtel_money', 'manual', 'cash_on_delivery']);
    expect(groups).toEqual([
      { key: 'mtn_momo', gateways: ['mtn_momo'] },
      { key: 'airtel_money', gateways: ['airtel_money'] },
      { key: 'cash_on_delivery', gateways: ['cash_on_delivery'] },
      { key: 'other', gateways: ['pesapal', 'stripe', 'manual'] },
    ]);
    expect(groupOf(groups, 'stripe')?.key).toBe('other');
    expect(groupOf(groups, null)).toBeUndefined();
  });

  it('leaves out what is not offered', () => {
    expect(paymentGroups(['cash_on_delivery', 'mtn_momo']).map((group) => group.key)).toEqual(['mtn_momo', 'cash_on_delivery']);
  });
});
