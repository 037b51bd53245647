import { describe, expect, it } from 'vitest';
import { orderFieldsOf } from '~/server/orders/order-payload';
import type { SessionUser } from '~/server/accounts/sessions';

const buyer: SessionUser = {
  id: 7,
  username: 'apio',
  first_name: 'Apio',
  last_name: 'Grace',
  email: 'apio@example.com',
  user_type: 'Customer',
  status: 'Active',
  approved: 1,
  marketer: 0,
  language: 'en',
};

describe('an order posted in the spec clients’ names', () => {
  it('reads items and delivery from JSON texts into our names, the buyer receiving it when nobody is named', () => {
    const fields = orderFieldsOf(
      {
        items: JSON.stringify([{ id: '12-Red-M', product_id: '12', product_quantity: '2', product_price_1: '45000', color: 'Red', variant: '{"Size":"M"}' }]),
        delivery: JSON.stringify({
          customer_phone_number_1: '0772 123 456',
          delivery_address_id: '3',
          delivery_address_details: 'Plot 4, Kira Road',
          shipping_cost: '0',
        }),
        payment_gateway: 'cash_on_delivery',
        user_id: '99',
      },
      buyer,
    );
    expect(fields).toMatchObject({
      items: [{ product_id: '12', quantity: '2', price: '45000', color: 'Red', variant: '{"Size":"M"}' }],
      customer_name: 'Apio Grace',
      customer_phone: '0772 123 456',
      delivery_location_id: '3',
      delivery_address: 'Plot 4, Kira Road',
      shipping_cost: '0',
      payment_gateway: 'cash_on_delivery',
    });
  });

  it('leaves our own names as they are, and asks for a name when our shape names nobody', () => {
    const ours = {
      items: [{ product_id: 4, quantity: 1, color: '', size: '', variant: { Color: 'Grey' }, price: 1000 }],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 123 456',
      delivery_location_id: 2,
      delivery_address: 'Plot 5, Ntinda Road',
      notes: '',
      payment_gateway: 'manual',
    };
    expect(orderFieldsOf(ours, buyer)).toMatchObject(ours);
    expect(orderFieldsOf({ ...ours, customer_name: undefined }, buyer).customer_name).toBeUndefined();
  });

  it('pays by a transfer the store confirms (manual) when no way to pay is sent and Pesapal is not set up', () => {
    expect(orderFieldsOf({ items: [], delivery: '{}' }, buyer).payment_gateway).toBe('manual');
    expect(orderFieldsOf({ items: [], delivery: '{}', payment_method: 'cash_on_delivery' }, buyer).payment_gateway).toBe('cash_on_delivery');
  });
});
