/**
 * Vendors as shoppers see them. Personal data (password hash, NIN, date of birth, personal email and
 * phone) never leaves this module; the business_* fields are the vendor's public face.
 */
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { products, users } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { isAdmin, sellerRefusal } from '../accounts/roles';
import type { SessionUser } from '../accounts/sessions';
import { PHONE_PATTERN } from '../accounts/addresses';
import { EMAIL_PATTERN } from '../accounts/accounts';
import { removeStoredImages, storeImageFields } from '../media/uploads';
import { parsePresentFields } from '../input-fields';
import { fieldRefusal } from '../input-refusals';
import { catalogueChange } from './catalogue-changes';
import { isActiveProduct, setVendorProductsHeld } from './visibility';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import type { StoreEvents } from '../events/store-events';
import { contactOnRecord, proofOf, proveChange } from '../accounts/change-proof';
import { phoneOnRecord, samePhone } from '../../lib/phone-on-record';
import { message, type Message } from '../../lib/messages/message';

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

/** Every vendor, waiting and suspended ones first, for administrators. */
export async function listAllVendors(): Promise<PublicVendor[]> {
  const vendors = await vendorsWithProductCounts(eq(users.user_type, 'Vendor'));
  const rank = (vendor: PublicVendor) => (vendor.approved !== 1 ? 0 : vendor.status !== 'Active' ? 1 : 2);
  return vendors.sort((a, b) => rank(a) - rank(b));
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
  if (!vendor) throw new NotFound(message('vendor', 'notFound'));
  return vendor;
}

export async function countVendors(): Promise<{ total_vendors: number; active_vendors: number }> {
  const db = await getDb();
  const [all] = await db.select({ n: count() }).from(users).where(eq(users.user_type, 'Vendor'));
  const [active] = await db.select({ n: count() }).from(users).where(isActiveVendor);
  return { total_vendors: all?.n ?? 0, active_vendors: active?.n ?? 0 };
}

/** An approved, active vendor by id (uncached: for writes that must see a suspension at once), or null. */
export async function findSellingVendor(id: number): Promise<{ id: number } | null> {
  const db = await getDb();
  const [vendor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isActiveVendor));
  return vendor ?? null;
}

/**
 * The phones of vendors, for texts to the vendors themselves about their orders: the shop's and their own,
 * read inside the caller's transaction.
 */
export async function vendorPhones(db: Database, vendorIds: readonly number[]): Promise<Map<number, { shop: string; own: string }>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, shop: users.business_phone_number, own: users.phone_number })
    .from(users)
    .where(inArray(users.id, [...vendorIds]));
  return new Map(rows.map(({ id, shop, own }) => [id, { shop, own }]));
}

/** Vendors' shop names (their own name when the shop has none), for orders' parts; read inside the caller's transaction. */
export async function vendorNames(db: Database, vendorIds: readonly number[]): Promise<Map<number, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, shop: users.business_name, first: users.first_name, last: users.last_name })
    .from(users)
    .where(inArray(users.id, [...new Set(vendorIds)]));
  return new Map(rows.map(({ id, shop, first, last }) => [id, shop.trim() || `${first} ${last}`.trim()]));
}

export const VENDOR_STATUSES = ['Active', 'Suspended'] as const;

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const link = text(300).refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), { error: 'must be a web address starting with https://' });
const phone = text(20).refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'must be a phone number, e.g. 0772 123 456' });
const date = text(10).refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: 'must be a date like 2026-01-31' });

/** The shop's public face (the spec's business_* fields) and the links shown with it. */
const vendorProfileSchema = z.object({
  business_name: text(120).min(2, { error: 'must be at least 2 characters' }),
  business_license_number: text(60),
  business_license_issue_authority: text(120),
  business_license_issue_date: date,
  business_license_validity: date,
  business_address: text(300).min(5, { error: 'enter where the shop is (street, building, town)' }),
  business_phone_number: phone.refine((value) => value !== '', { error: 'must be a phone number, e.g. 0772 123 456' }),
  business_whatsapp: phone,
  business_email: text(200).refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: 'must be an email address like name@example.com' }),
  intro: text(2000),
  facebook: link,
  twitter: link,
  instagram: link,
  tiktok: link,
  youtube: link,
  linkedin: link,
  website: link,
});

const REQUIRED_FOR_A_SHOP = ['business_name', 'business_address', 'business_phone_number'] as const;

const adminVendorSchema = z.object({
  status: z.enum(VENDOR_STATUSES, { error: `must be ${VENDOR_STATUSES.join(' or ')}` }),
  approved: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'must be 1 or 0' })),
});

type VendorProfile = Partial<z.infer<typeof vendorProfileSchema>>;
type VendorStanding = Partial<z.infer<typeof adminVendorSchema>>;

function parseVendorChanges(actor: SessionUser, body: Record<string, unknown>): { profile: VendorProfile; standing: VendorStanding } {
  const profile = parsePresentFields(vendorProfileSchema, body);
  const adminOnly = Object.keys(adminVendorSchema.shape).find((key) => body[key] !== undefined);
  if (adminOnly && !isAdmin(actor)) throw new Forbidden(fieldRefusal(adminOnly, message('role', 'adminSetsThis')));
  return { profile, standing: parsePresentFields(adminVendorSchema, body) };
}

const SHOP_IMAGES = ['business_logo', 'business_cover_photo'] as const;

/** A vendor as they and administrators see their shop: the public face plus standing (status, approved). */
export type ManagedVendor = Omit<PublicVendor, 'product_count'>;

export async function findManagedVendor(id: number): Promise<ManagedVendor | null> {
  const db = await getDb();
  const [vendor] = await db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.user_type, 'Vendor')));
  return vendor ?? null;
}

/**
 * Writes a vendor's profile and standing in one transaction. A vendor who may no longer sell (suspended,
 * or approval withdrawn) has their live products held back from shoppers; one who may sell again gets
 * the held ones back.
 */
async function saveVendor(userId: number, values: Record<string, unknown>, contactChanged?: StoreEvents['contact.changed']): Promise<ManagedVendor> {
  const db = await getDb();
  await transactionWithPurge(db, async (tx, changed) => {
    if (contactChanged) await announce(tx, 'contact.changed', contactChanged);
    changed(catalogueChange);
    const [saved] = await tx
      .update(users)
      .set({ ...values, updated_at: new Date() })
      .where(eq(users.id, userId))
      .returning({
        user_type: users.user_type,
        status: users.status,
        approved: users.approved,
        business_name: users.business_name,
        business_address: users.business_address,
        business_phone_number: users.business_phone_number,
      });
    if (!saved) throw new NotFound(message('vendor', 'notFound'));
    const complete = REQUIRED_FOR_A_SHOP.every((key) => saved[key] !== '') ? 1 : 0;
    await tx.update(users).set({ complete_profile: complete }).where(eq(users.id, userId));
    await setVendorProductsHeld(tx, userId, saved.user_type === 'Vendor' && sellerRefusal(saved) !== null);
  });
  const vendor = await findManagedVendor(userId);
  if (!vendor) throw new NotFound(message('vendor', 'notFound'));
  return vendor;
}

/**
 * POST vendors. A buyer opens a shop: they become a vendor waiting for approval. An administrator makes
 * an existing account (user_id) a vendor, approved unless they say otherwise.
 */
export async function createVendor(actor: SessionUser, body: Record<string, unknown>): Promise<{ vendor: ManagedVendor; message: Message }> {
  const { profile, standing } = parseVendorChanges(actor, body);
  const missing = REQUIRED_FOR_A_SHOP.find((key) => profile[key] === undefined);
  if (missing) throw new Invalid(fieldRefusal(missing, message('field', 'required')));

  let userId = actor.id;
  if (isAdmin(actor)) {
    const requested = Number(body.user_id);
    if (!Number.isInteger(requested) || requested < 1) throw new Invalid(message('vendor', 'accountToPromote'));
    userId = requested;
  }
  const db = await getDb();
  const [account] = await db.select({ user_type: users.user_type }).from(users).where(eq(users.id, userId));
  if (!account) throw new Invalid(message('vendor', 'noSuchAccount'));
  if (account.user_type === 'Vendor') throw new Conflict(message('vendor', isAdmin(actor) ? 'accountHasShop' : 'alreadyVendor'));
  if (account.user_type === 'Admin') throw new Conflict(message('vendor', 'adminCannotSell'));

  const images = await storeImageFields(body, SHOP_IMAGES, 'shop');
  try {
    const vendor = await saveVendor(userId, {
      ...profile,
      ...images,
      user_type: 'Vendor',
      status: standing.status ?? 'Active',
      approved: isAdmin(actor) ? (standing.approved ?? 1) : 0,
    });
    return { vendor, message: message('vendor', isAdmin(actor) ? 'created' : 'applied') };
  } catch (error) {
    await removeStoredImages(Object.values(images));
    throw error;
  }
}

/**
 * PUT vendors/{id}: a vendor changes their own shop; an administrator any, and approves or suspends it. A new shop
 * phone needs a fresh proof (`password` or `code`, change-proof.ts) and is texted and mailed to the vendor.
 */
export async function updateVendor(actor: SessionUser, vendorId: number, body: Record<string, unknown>): Promise<ManagedVendor> {
  if (!isAdmin(actor) && actor.id !== vendorId) throw new Forbidden(message('vendor', 'notYours'));
  if (!(await findManagedVendor(vendorId))) throw new NotFound(message('vendor', 'notFound'));
  const { profile, standing } = parseVendorChanges(actor, body);
  const contactChanged = await shopPhoneChange(vendorId, profile.business_phone_number);
  if (contactChanged) await proveChange(actor.id, proofOf(body));
  const images = await storeImageFields(body, SHOP_IMAGES, 'shop');
  try {
    return await saveVendor(vendorId, { ...profile, ...standing, ...images }, contactChanged ?? undefined);
  } catch (error) {
    await removeStoredImages(Object.values(images));
    throw error;
  }
}

/**
 * The news of a new shop phone, told to the numbers on record before and after it; null when the phone stays (sent
 * as it was, in any writing). A new shop phone needs the proof of whoever changes it: the vendor's texts go to it.
 */
async function shopPhoneChange(vendorId: number, phone: string | undefined): Promise<StoreEvents['contact.changed'] | null> {
  const contact = await contactOnRecord(vendorId);
  if (phone === undefined || !contact || samePhone(phone, contact.shop)) return null;
  return {
    account: { id: vendorId, first_name: contact.first_name, language: contact.language },
    changes: [{ field: 'shop_phone', before: contact.shop, after: phone }],
    phones: { before: contact.phone ?? '', after: phoneOnRecord({ shop: phone, own: contact.own }) },
    emails: { before: contact.email, after: contact.email },
  };
}

/** DELETE vendors/{id} (administrators): the account stays (orders, reviews) but is a vendor no more; its products are held. */
export async function removeVendor(vendorId: number): Promise<{ id: number }> {
  if (!(await findManagedVendor(vendorId))) throw new NotFound(message('vendor', 'notFound'));
  const db = await getDb();
  await transactionWithPurge(db, async (tx, changed) => {
    changed(catalogueChange);
    await tx.update(users).set({ user_type: 'Customer', approved: 0, updated_at: new Date() }).where(eq(users.id, vendorId));
    await setVendorProductsHeld(tx, vendorId, true);
  });
  return { id: vendorId };
}
