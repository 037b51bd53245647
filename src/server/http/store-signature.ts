/**
 * The store's one signing key for what it hands to browsers and clients and must recognise later: guests' ids
 * (guest-id.ts) and browsers' device cookies (device-cookie.ts). Each signs values of its own shape (`guest_…`,
 * `device_…`), so a signature made for one never passes for the other. The key is GUEST_ID_SECRET when set,
 * otherwise one made once in the database (store_secrets), so every instance on it signs alike with nothing to
 * configure. It lives on globalThis: the start script loads it, the built app signs.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';
import { sharedSecret } from '../db/store-secrets';
import { config } from '../config';

const KEY_HOLDER = Symbol.for('duuka.guestIdKey');
const holder = globalThis as { [KEY_HOLDER]?: string | Buffer };

/** Takes the signing key: GUEST_ID_SECRET, or the database's shared one. Called once at start. */
export async function loadSigningKey(db: Database): Promise<void> {
  holder[KEY_HOLDER] = config.GUEST_ID_SECRET || (await sharedSecret(db, 'guest_id'));
}

/** The value's signature, 43 base64url characters. */
export function storeSignature(value: string): string {
  // Before the key is loaded (a script or a test without a database), a key of this process.
  const key = (holder[KEY_HOLDER] ??= config.GUEST_ID_SECRET || randomBytes(32));
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Whether `signature` is the store's for `value`. */
export function signedByStore(value: string, signature: string): boolean {
  // Compared as written: a base64url signature's last character carries spare bits that decoding drops.
  const given = Buffer.from(signature);
  const expected = Buffer.from(storeSignature(value));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
