/** Where the store delivers, with each place's fee in UGX. */
import { asc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { deliveryLocations } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { formatUGX } from '../../lib/money';
import { catalogueNames } from '../catalog/catalogue-words';
import { catalogueName } from '../../lib/catalogue-names';
import type { Language } from '../../lib/i18n/languages';

export type DeliveryLocation = typeof deliveryLocations.$inferSelect;

/** A place as the API lists it: our fields, and the names the spec's other clients total an order with. */
export type ListedDeliveryLocation = DeliveryLocation & { shipping_cost: number; details: string };

export async function listDeliveryLocations(): Promise<DeliveryLocation[]> {
  return cached('delivery-locations', TTL.manifest, async () => {
    const db = await getDb();
    return db.select().from(deliveryLocations).orderBy(asc(deliveryLocations.delivery_fee), asc(deliveryLocations.name));
  });
}

/**
 * What an order delivered to `place` pays for delivery. Delivery is free at checkout (the spec's summary
 * shows a delivery fee of 0), whatever rate the place lists; orders and the API both ask here, so a client
 * that totals an order from `shipping_cost` gets the amount it is then asked to pay.
 */
export function deliveryCharge(_place: DeliveryLocation): number {
  return 0;
}

/** The places with what delivery to each costs an order (shipping_cost) and a line to show beside it (details). */
export async function listedDeliveryLocations(): Promise<ListedDeliveryLocation[]> {
  return (await listDeliveryLocations()).map((place) => {
    const charge = deliveryCharge(place);
    return { ...place, shipping_cost: charge, details: `${place.region} · ${charge === 0 ? 'Free delivery' : `Delivery ${formatUGX(charge)}`}` };
  });
}

/**
 * The places a buyer picks from (the fees stay on the server: delivery is free at checkout), their names and
 * regions said in the page's language where a translation exists.
 */
export async function deliveryLocationOptions(language: Language = 'en'): Promise<{ id: number; name: string; region: string }[]> {
  const [places, names] = await Promise.all([listDeliveryLocations(), catalogueNames(language)]);
  return places.map(({ id, name, region }) => ({ id, name: catalogueName(names, 'region', name), region: catalogueName(names, 'region', region) }));
}

/** How soon delivery comes: the region reached soonest with its days, and the most days any place takes. */
export type DeliverySpeed = { region: string; min: number; max: number; farthest: number };

/** The store's delivery speed in the page's language (null while the store delivers nowhere). */
export async function deliverySpeed(language: Language = 'en'): Promise<DeliverySpeed | null> {
  const [places, names] = await Promise.all([listDeliveryLocations(), catalogueNames(language)]);
  const soonest = [...places].sort((a, b) => a.delivery_days_max - b.delivery_days_max || a.delivery_days_min - b.delivery_days_min)[0];
  if (!soonest) return null;
  return {
    region: catalogueName(names, 'region', soonest.region),
    min: soonest.delivery_days_min,
    max: soonest.delivery_days_max,
    farthest: Math.max(...places.map((place) => place.delivery_days_max)),
  };
}
