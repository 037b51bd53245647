/**
 * Vendors as shoppers see them. Personal data (password hash, NIN, date of birth, personal email and
 * phone) never leaves this module; the business_* fields are the vendor's public face.
 */
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products, users } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { messages } from '../../lib/messages';
import { notFound } from '../http/errors';

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
export const isActiveVendor = and(eq(users.user_type, 'Vendor'), eq(users.status, 'Active'), eq(users.approved, 1));

const productCount = sql<number>`(
  SELECT count(*)::int FROM ${products}
  WHERE ${products.supplier} = ${users.id} AND ${products.status} = 1 AND ${products.deleted_at} IS NULL
)`;

export async function listActiveVendors(): Promise<PublicVendor[]> {
  return cached('vendors:list', TTL.vendors, async () => {
    const db = await getDb();
    return db
      .select({ ...publicColumns, product_count: productCount })
      .from(users)
      .where(isActiveVendor)
      .orderBy(users.business_name, users.id);
  });
}

/** An active vendor, or null (a suspended or unapproved vendor is not shown to shoppers). */
export async function findPublicVendor(id: number): Promise<PublicVendor | null> {
  return cached(`vendors:${id}`, TTL.vendors, async () => {
    const db = await getDb();
    const [vendor] = await db
      .select({ ...publicColumns, product_count: productCount })
      .from(users)
      .where(and(eq(users.id, id), isActiveVendor));
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

