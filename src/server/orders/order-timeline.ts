/**
 * Order timeline entries as order_events stores them (a kind and its values, src/lib/order-events.ts), for the
 * modules that record what happened to an order: placing, parts, returns, the payments ledger, the demo orders.
 */
import type { orderEvents } from '../db/schema';
import type { OrderEventEntry } from '../../lib/order-events';

/** The row that records `event` in the order's timeline; `createdAt` for an entry dated other than now. */
export function orderEventRow(orderId: number, event: OrderEventEntry, createdAt?: Date): typeof orderEvents.$inferInsert {
  return { order_id: orderId, kind: event.kind, values: event.values, ...(createdAt ? { created_at: createdAt } : {}) };
}
