import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientLineFields, clientOrderFields, clientOrderState } from '~/server/orders/client-order-fields';
import { clientReturnAddress, MAX_RETURN_ADDRESS_LENGTH } from '~/server/http/return-address';
import { Invalid } from '~/server/errors';
import { reloadConfig } from '~/server/config';

afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

const order = (status: string, payment_status: string) =>
  ({
    id: 311,
    user_id: 42,
    status,
    payment_gateway: 'pesapal',
    payment_status,
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 410 220',
    delivery_location_id: 2,
    delivery_address: 'Plot 12, Kira Road',
    notes: '',
    subtotal: 900000,
    delivery_fee: 3000,
    total: 903000,
    currency: 'UGX',
    idempotency_key: null,
    language: 'en',
    cancel_reason: '',
    created_at: new Date('2026-11-20T08:00:00Z'),
    updated_at: new Date('2026-11-20T08:00:00Z'),
  }) as const;

describe("an order in the spec client's names", () => {
  it('says paid as the original did once the money is in: COMPLETED, PAID, confirmed', () => {
    expect(clientOrderFields(order('pending', 'COMPLETED'), 'QK12AB', 'nakato@example.com')).toEqual({
      order_total: 900000,
      delivery_amount: 3000,
      payable_amount: 903000,
      order_state: 'confirmed',
      payment_confirmation: 'PAID',
      confirmation_code: 'QK12AB',
      pesapal_status: 'COMPLETED',
      mail: 'nakato@example.com',
      customer_phone_number_1: '0772 410 220',
      customer_address: 'Plot 12, Kira Road',
      date_created: '2026-11-20T08:00:00.000Z',
    });
  });

  it('says not paid while the money is not in, whatever the gateway', () => {
    for (const status of ['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'PAY_ON_DELIVERY']) {
      expect(clientOrderFields(order('pending', status), undefined, 'a@b.test')).toMatchObject({
        order_state: 'pending',
        payment_confirmation: '',
        confirmation_code: '',
        pesapal_status: status,
      });
    }
  });

  it('keeps the order’s own status once it moves', () => {
    expect(['processing', 'shipped', 'delivered', 'cancelled'].map((status) => clientOrderState(order(status, 'COMPLETED')))).toEqual([
      'processing',
      'shipped',
      'delivered',
      'cancelled',
    ]);
  });

  it('gives each line its quantity and price under every name the clients read', () => {
    expect(clientLineFields({ quantity: 2, unit_price: 450000 })).toEqual({ quantity: 2, price: 450000, product_quantity: 2, product_price_1: '450000' });
  });
});

describe('the return address a client asks for', () => {
  const trusted = new Set(['https://duuka.ug', 'https://shop.partner.ug']);

  it('is followed on a trusted origin, the order named for {order_id}', () => {
    expect(clientReturnAddress('https://shop.partner.ug/payment/callback/{order_id}', 311, trusted)).toBe('https://shop.partner.ug/payment/callback/311');
    expect(clientReturnAddress('https://duuka.ug/payment/callback/311?from=app', 311, trusted)).toBe('https://duuka.ug/payment/callback/311?from=app');
    for (const none of [undefined, null, '']) expect(clientReturnAddress(none, 311, trusted)).toBeNull();
  });

  it.each([
    'https://elsewhere.test/payment/callback/311',
    'https://shop.partner.ug.elsewhere.test/callback',
    'http://shop.partner.ug/payment/callback/311',
    'https://user:pass@shop.partner.ug/payment/callback/311',
    'javascript:alert(1)',
    '/payment/callback/311',
    `https://shop.partner.ug/${'a'.repeat(MAX_RETURN_ADDRESS_LENGTH)}`,
    42,
  ])('is refused for %s, naming the field', (asked) => {
    expect(() => clientReturnAddress(asked, 311, trusted)).toThrow(
      expect.objectContaining({
        message: 'callback_url: after paying, the buyer can only be sent back to this store or a shop it works with',
        said: { key: 'api.because', values: ['callback_url', { key: 'order.foreignReturnAddress', values: [] }] },
      }),
    );
  });

  it("trusts SITE_URL's origin and CORS_ORIGINS by default", () => {
    vi.stubEnv('SITE_URL', 'https://duuka.ug');
    vi.stubEnv('CORS_ORIGINS', 'https://shop.partner.ug');
    reloadConfig();
    expect(clientReturnAddress('https://shop.partner.ug/cb/311', 311)).toBe('https://shop.partner.ug/cb/311');
    expect(clientReturnAddress('https://duuka.ug/payment/callback/311', 311)).toBe('https://duuka.ug/payment/callback/311');
    expect(() => clientReturnAddress('https://m.duuka.ug/cb/311', 311)).toThrow(Invalid);
  });
});
