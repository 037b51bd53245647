/**
 * One Postgres schema for both drivers (PGlite and PostgreSQL), in four files by side: people, catalogue and
 * site (schema-people.ts), orders with their payments (schema-orders.ts), vendors' earnings and payouts
 * (schema-payouts.ts), and the USSD sessions (schema-ussd.ts).
 * Table fields carry the spec's names (price_1, in_stock, feature_photo ...) so the API boundary maps
 * little; money is integer UGX; flags the spec spells 'Yes'/'No' stay text, 0/1 flags stay integers.
 */
export * from './schema-people';
export * from './schema-orders';
export * from './schema-payouts';
export * from './schema-ussd';
