/** A buyer's saved delivery addresses. This module owns the addresses table. */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { addresses } from '../db/schema';
import { Invalid, NotFound } from '../errors';
import { zodRefusal } from '../input-refusals';
import { FIELD_MESSAGES } from '../../lib/messages/field-messages';
import { message } from '../../lib/messages/message';
import { listDeliveryLocations } from '../orders/delivery-locations';
import { rowIdSchema } from '../input-fields';

export type Address = typeof addresses.$inferSelect;

const MAX_ADDRESSES = 10;

/** A Ugandan or international phone number as people type it: 0772 123 456, +256 (772) 123-456. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{8,18}$/;

/** Who receives an order and where: the same rules for a saved address and an order's delivery details. */
export const deliveryFields = {
  name: z.string().trim().min(2, FIELD_MESSAGES.receiverName).max(100),
  phone: z.string().trim().regex(PHONE_PATTERN, FIELD_MESSAGES.phoneNumber),
  deliveryLocationId: rowIdSchema(FIELD_MESSAGES.deliveryLocation),
  address: z.string().trim().min(5, FIELD_MESSAGES.deliveryAddress).max(300),
  notes: z.string().trim().max(500).default(''),
};

const addressSchema = z.object({
  name: deliveryFields.name,
  phone: deliveryFields.phone,
  delivery_location_id: deliveryFields.deliveryLocationId,
  address: deliveryFields.address,
  notes: deliveryFields.notes,
});

/** The user's addresses, the default first, then the newest. */
export async function listAddresses(userId: number): Promise<Address[]> {
  const db = await getDb();
  return db.select().from(addresses).where(eq(addresses.user_id, userId)).orderBy(desc(addresses.is_default), desc(addresses.id));
}

/** Saves a new address, which becomes the default (the one checkout starts with). */
export async function addAddress(userId: number, body: Record<string, unknown>): Promise<Address> {
  const parsed = addressSchema.safeParse(body);
  if (!parsed.success) throw new Invalid(zodRefusal(parsed.error));
  const input = parsed.data;
  if (!(await listDeliveryLocations()).some((place) => place.id === input.delivery_location_id))
    throw new Invalid(message('account', 'chooseDeliveryLocation'));
  if ((await listAddresses(userId)).length >= MAX_ADDRESSES) throw new Invalid(message('account', 'tooManyAddresses', MAX_ADDRESSES));
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.update(addresses).set({ is_default: false }).where(eq(addresses.user_id, userId));
    const [saved] = await tx
      .insert(addresses)
      .values({ ...input, user_id: userId, is_default: true })
      .returning();
    return saved!;
  });
}

export async function removeAddress(userId: number, addressId: number): Promise<void> {
  const db = await getDb();
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.user_id, userId)))
    .returning({ id: addresses.id });
  if (removed.length === 0) throw new NotFound(message('account', 'addressNotFound'));
}
