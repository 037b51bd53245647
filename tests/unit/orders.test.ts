import { describe, expect, it } from 'vitest';
import { canMoveOrder, canPayOnline, nextPaymentStatus, ORDER_STATUSES } from '~/lib/orders';

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

describe('payment status', () => {
  it('never leaves COMPLETED, whatever arrives later', () => {
    for (const reported of ['FAILED', 'CANCELLED', 'PENDING_PAYMENT', 'PAY_ON_DELIVERY'] as const) expect(nextPaymentStatus('COMPLETED', reported)).toBe('COMPLETED');
  });

  it('takes the gateway\'s news otherwise; a cancelled attempt only turns into money received', () => {
    expect(nextPaymentStatus('PENDING_PAYMENT', 'COMPLETED')).toBe('COMPLETED');
    expect(nextPaymentStatus('PENDING_PAYMENT', 'FAILED')).toBe('FAILED');
    expect(nextPaymentStatus('FAILED', 'COMPLETED')).toBe('COMPLETED');
    expect(nextPaymentStatus('CANCELLED', 'FAILED')).toBe('CANCELLED');
    expect(nextPaymentStatus('CANCELLED', 'COMPLETED')).toBe('COMPLETED');
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
