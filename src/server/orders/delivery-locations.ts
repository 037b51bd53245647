/** Where the store delivers, with each place's fee in UGX. */
import { asc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { deliveryLocations } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';

export type DeliveryLocation = typeof deliveryLocations.$inferSelect;

export async function listDeliveryLocations(): Promise<DeliveryLocation[]> {
  return cached('delivery-locations', TTL.manifest, async () => {
    const db = await getDb();
    return db.select().from(deliveryLocations).orderBy(asc(deliveryLocations.delivery_fee), asc(deliveryLocations.name));
  });
}
