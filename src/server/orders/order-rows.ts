/**
 * A new order's rows written in one statement (inside the order's transaction): the order, its parts (one per
 * vendor), its lines, each in its vendor's part, and its first timeline entry, as data-modifying CTEs that read
 * the order's id from the order's own insert. One round trip instead of four while the order's locks are held.
 * The rows come back as they were written (RETURNING), for the order's reply.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../db/client';
import { orderEvents, orderItems, orderParts, orders } from '../db/schema';
import type { OrderEventEntry } from '../../lib/order-events';

type OrderRow = typeof orders.$inferSelect;
type PartRow = typeof orderParts.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;
type EventRow = Pick<typeof orderEvents.$inferSelect, 'kind' | 'values' | 'created_at'>;

/** A line to write: its vendor names the part it goes in (null: the store's own products). */
export type NewLine = Omit<typeof orderItems.$inferInsert, 'id' | 'order_id' | 'part_id'> & { vendor_id: number | null };

export type WrittenRows = { order: OrderRow; parts: PartRow[]; items: LineRow[]; events: EventRow[] };

/**
 * A row as PostgreSQL's row_to_json gave it, in the table's own types: the same mapping Drizzle applies to what it
 * reads (timestamps become dates, JSON columns objects).
 */
export function rowOfJson<Table extends PgTable>(table: Table, json: Record<string, unknown>): Table['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table['$inferSelect'];
}

/** A JSON value as the driver hands it over: parsed already (node-postgres, PGlite), or as text. */
const parsed = <Value>(value: unknown): Value => (typeof value === 'string' ? JSON.parse(value) : value) as Value;

/** Writes the order, its parts, its lines and `firstEvent`; the rows as written, parts and lines in id order. */
export async function writeOrderRows(
  tx: Database,
  order: Omit<typeof orders.$inferInsert, 'id'>,
  lines: readonly NewLine[],
  firstEvent: OrderEventEntry,
): Promise<WrittenRows> {
  const vendors = [...new Set(lines.map((line) => line.vendor_id))].map((vendor_id, n) => ({ vendor_id, n }));
  const numbered = lines.map((line, n) => ({ ...line, n }));
  const orderInsert = tx.insert(orders).values(order).returning().getSQL();
  const [result] = rowsOf<Record<'order' | 'parts' | 'items' | 'events', unknown>>(
    await tx.execute(sql`
      WITH o AS (${orderInsert}),
      p AS (
        INSERT INTO ${orderParts} (order_id, vendor_id)
        SELECT o.id, v.vendor_id FROM o, jsonb_to_recordset(${JSON.stringify(vendors)}::jsonb) AS v (vendor_id integer, n integer)
        ORDER BY v.n
        RETURNING *
      ),
      i AS (
        INSERT INTO ${orderItems} (order_id, part_id, product_id, product_name, unit_price, quantity, color, size, variant, subtotal, commission_basis_points)
        SELECT o.id, p.id, l.product_id, l.product_name, l.unit_price, l.quantity, l.color, l.size, l.variant, l.subtotal, l.commission_basis_points
        FROM o, jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) AS l (
          vendor_id integer, product_id integer, product_name text, unit_price integer, quantity integer, color text, size text,
          variant jsonb, subtotal integer, commission_basis_points integer, n integer
        )
        JOIN p ON p.vendor_id IS NOT DISTINCT FROM l.vendor_id
        ORDER BY l.n
        RETURNING *
      ),
      e AS (
        INSERT INTO ${orderEvents} (order_id, kind, values)
        SELECT o.id, ${firstEvent.kind}, ${JSON.stringify(firstEvent.values)}::jsonb FROM o
        RETURNING kind, values, created_at
      )
      SELECT (SELECT row_to_json(o) FROM o) AS order,
        (SELECT coalesce(json_agg(p ORDER BY p.id), '[]') FROM p) AS parts,
        (SELECT coalesce(json_agg(i ORDER BY i.id), '[]') FROM i) AS items,
        (SELECT coalesce(json_agg(e), '[]') FROM e) AS events`),
  );
  const events = parsed<Record<string, unknown>[]>(result!.events).map((event) => {
    const { kind, values, created_at } = rowOfJson(orderEvents, { id: 0, order_id: 0, ...event });
    return { kind, values, created_at };
  });
  return {
    order: rowOfJson(orders, parsed(result!.order)),
    parts: parsed<Record<string, unknown>[]>(result!.parts).map((part) => rowOfJson(orderParts, part)),
    items: parsed<Record<string, unknown>[]>(result!.items).map((item) => rowOfJson(orderItems, item)),
    events,
  };
}
