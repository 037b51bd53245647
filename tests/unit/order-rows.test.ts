import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { rowOfJson } from '~/server/orders/order-rows';
import { orderItems, orderParts } from '~/server/db/schema';

describe('a new order row as row_to_json gives it back', () => {
  it('reads timestamps as dates, to the millisecond, and keeps the empty ones empty', () => {
    const part = rowOfJson(orderParts, {
      id: 7,
      order_id: 3,
      vendor_id: null,
      status: 'pending',
      tracking_note: '',
      delivered_at: null,
      handover_code: '',
      handover_failures: 0,
      handover_locked_at: null,
      confirmed_by: '',
      confirmed_at: null,
      dispute: '',
      disputed_at: null,
      created_at: '2026-11-29T12:42:23.123456+00:00',
      updated_at: '2026-11-29T15:42:23.5+03:00',
    });
    expect(part.created_at).toEqual(new Date('2026-11-29T12:42:23.123Z'));
    expect(part.updated_at).toEqual(new Date('2026-11-29T12:42:23.500Z'));
    expect(part).toMatchObject({ id: 7, order_id: 3, vendor_id: null, delivered_at: null, handover_failures: 0 });
  });

  it("keeps a line's chosen options as an object, whether they came parsed or as text", () => {
    const line = {
      id: 1,
      order_id: 3,
      part_id: 7,
      product_id: 9,
      product_name: 'Kettle',
      unit_price: 45000,
      quantity: 2,
      color: '',
      size: '',
      subtotal: 90000,
    };
    const parsed = rowOfJson(orderItems, { ...line, variant: { Power: '2 kW' }, commission_basis_points: 800 });
    const asText = rowOfJson(orderItems, { ...line, variant: '{"Power":"2 kW"}', commission_basis_points: null });
    expect(parsed.variant).toEqual({ Power: '2 kW' });
    expect(asText.variant).toEqual({ Power: '2 kW' });
    expect(asText.commission_basis_points).toBeNull();
    expect(Object.keys(parsed).toSorted()).toEqual(Object.keys(getTableColumns(orderItems)).toSorted());
  });
});
