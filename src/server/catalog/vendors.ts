/**
 * Vendors as shoppers see them. Personal data (password hash, NIN, date of birth, personal email and
 * phone) never leaves this module; the business_* fields are the vendor's public face.
 */
import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products, users } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { messages } from '../../lib/messages';
import { notFound } from '../http/errors';
import { isActiveProduct } from './products';

const {
  password_hash: _password,
  nin: _nin,
  dob: _dob,
  sex: _sex,
  email: _email,
  phone_number: _phone,
  newsletter: _newsletter,
  ...publicColumns
} = getTableColumns(users);

export type PublicVendor = {
  [K in keyof typeof publicColumns]: (typeof users.$inferSelect)[K];
} & { product_count: number };

/** The spec's active-vendor rule: user_type Vendor, status Active, approved 1. */
export const isActiveVendor = and(eq(users.user_type, 'Vendor'), eq(users.status, 'Active'), eq(users.approved, 1))!;

/** Active products per supplier, joined onto vendors. */
async function vendorsWithProductCounts(where: SQL) {
  const db = await getDb();
  const counts = db
    .select({ supplier: products.supplier, n: sql<number>`count(*)::int`.as('n') })
    .from(products)
    .where(isActiveProduct)
    .groupBy(products.supplier)
    .as('product_counts');
  return db
    .select({ ...publicColumns, product_count: sql<number>`coalesce(${counts.n}, 0)` })
    .from(users)
    .leftJoin(counts, eq(counts.supplier, users.id))
    .where(where)
    .orderBy(users.business_name, users.id);
}

export async function listActiveVendors(): Promise<PublicVendor[]> {
  return cached('vendors:list', TTL.vendors, () => vendorsWithProductCounts(isActiveVendor));
}

/** An active vendor, or null (a suspended or unapproved vendor is not shown to shoppers). */
export async function findPublicVendor(id: number): Promise<PublicVendor | null> {
  return cached(`vendors:${id}`, TTL.vendors, async () => {
    const [vendor] = await vendorsWithProductCounts(and(eq(users.id, id), isActiveVendor)!);
    return vendor ?? null;
  });
}

export async function getVendor(id: number): Promise<PublicVendor> {
  const vendor = await findPublicVendor(id);
  if (!vendor) throw notFound(messages.vendorNotFound);
  return vendor;
}

export async function countVendors(): Promise<{ total_vendors: number; active_vendors: number }> {
  const db = await getDb();
  const [all] = await db.select({ n: count() }).from(users).where(eq(users.user_type, 'Vendor'));
  const [active] = await db.select({ n: count() }).from(users).where(isActiveVendor);
  return { total_vendors: all?.n ?? 0, active_vendors: active?.n ?? 0 };
}

