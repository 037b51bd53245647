/**
 * A few orders of the demo vendor's products by demo buyers, paid on delivery and delivered with their handover
 * codes before the reference date, so the demo vendor's dashboard and payouts show sales, and the cash its riders
 * collected for them. Their earnings, cash and payment are written the way a delivery writes them (earnings.ts,
 * payments/ledger.ts), at the rate each line was placed under. The vendor paid most of that cash back at the store's
 * office and still owes a little, to settle by mobile money from its payouts page.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderEvents, orderItems, orderParts, orders, products } from '../db/schema';
import { orderEventRow } from '../orders/order-timeline';
import { createPayment } from '../payments/payments';
import { rateOfProduct, rateTable } from '../payouts/commission';
import { recordCashCollected, recordSaleEarnings } from '../payouts/earnings';
import { collectCashOnDelivery, completeCashOnDelivery } from '../payments/ledger';
import { owedNow } from '../payouts/balances';
import { settleByHand } from '../payouts/settlements';
import { DAY_MS, daysAgo } from './dates';
import type { Random } from './random';

const DEMO_ORDERS = 6;
/** What the demo vendor still owes for the cash its riders kept: the rest it paid at the store's office. */
const DEMO_STILL_OWED = 45_000;

export type DemoBuyer = { id: number; name: string; phone: string };

export async function insertDeliveredOrders(
  tx: Database,
  rng: Random,
  context: { vendorId: number; buyers: readonly DemoBuyer[]; location: { id: number; fee: number } },
): Promise<number> {
  const offered = await tx
    .select({ id: products.id, name: products.name, price_1: products.price_1, category: products.category, sub_category: products.sub_category })
    .from(products)
    .where(and(eq(products.supplier, context.vendorId), eq(products.status, 1), eq(products.has_colors, 'No'), eq(products.has_sizes, 'No')))
    // The vendor's everyday items.
    .orderBy(asc(products.price_1), asc(products.id))
    .limit(12);
  if (offered.length === 0 || context.buyers.length === 0) return 0;
  const rates = await rateTable(tx);
  const partIds: number[] = [];
  for (let n = 0; n < DEMO_ORDERS; n++) {
    const buyer = rng.pick(context.buyers);
    const lines = rng.sample(offered, rng.int(1, 2)).map((product) => ({ product, quantity: rng.int(1, 2) }));
    const subtotal = lines.reduce((sum, { product, quantity }) => sum + product.price_1 * quantity, 0);
    const placedAt = daysAgo(rng.int(10, 60));
    const deliveredAt = new Date(placedAt.getTime() + rng.int(1, 3) * DAY_MS);
    const [order] = await tx
      .insert(orders)
      .values({
        user_id: buyer.id,
        status: 'delivered',
        payment_gateway: 'cash_on_delivery',
        payment_status: 'COMPLETED',
        customer_name: buyer.name,
        customer_phone: buyer.phone,
        delivery_location_id: context.location.id,
        delivery_address: 'Plot 12, Kampala Road',
        subtotal,
        delivery_fee: context.location.fee,
        total: subtotal + context.location.fee,
        created_at: placedAt,
        updated_at: deliveredAt,
      })
      .returning({ id: orders.id, total: orders.total });
    const [part] = await tx
      .insert(orderParts)
      .values({
        order_id: order!.id,
        vendor_id: context.vendorId,
        status: 'delivered',
        delivered_at: deliveredAt,
        handover_code: String(rng.int(0, 9999)).padStart(4, '0'),
        confirmed_by: 'code',
        confirmed_at: deliveredAt,
        created_at: placedAt,
        updated_at: deliveredAt,
      })
      .returning({ id: orderParts.id });
    await tx.insert(orderItems).values(
      lines.map(({ product, quantity }) => ({
        order_id: order!.id,
        part_id: part!.id,
        product_id: product.id,
        product_name: product.name,
        unit_price: product.price_1,
        quantity,
        subtotal: product.price_1 * quantity,
        commission_basis_points: rateOfProduct(rates, product),
      })),
    );
    await createPayment(tx, order!, 'cash_on_delivery');
    await tx
      .insert(orderEvents)
      .values([
        orderEventRow(order!.id, { kind: 'order', values: { status: 'pending' } }, placedAt),
        orderEventRow(order!.id, { kind: 'order', values: { status: 'delivered' } }, deliveredAt),
      ]);
    await recordSaleEarnings(tx, [part!.id]);
    await recordCashCollected(tx, order!.id, await collectCashOnDelivery(tx, order!.id));
    await completeCashOnDelivery(tx, order!.id);
    partIds.push(part!.id);
  }
  // Paid by hand but for a little, which its payouts page shows to settle by mobile money, within COD_CREDIT_LIMIT.
  const owed = await owedNow(tx, context.vendorId);
  if (owed > DEMO_STILL_OWED) await settleByHand(tx, context.vendorId, owed - DEMO_STILL_OWED, 'Paid at the Kampala office', null);
  return partIds.length;
}
