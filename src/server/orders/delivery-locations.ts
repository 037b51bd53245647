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

/** The places a buyer picks from (the fees stay on the server: delivery is free at checkout). */
export async function deliveryLocationOptions(): Promise<{ id: number; name: string; region: string }[]> {
  return (await listDeliveryLocations()).map(({ id, name, region }) => ({ id, name, region }));
}
