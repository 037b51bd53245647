import { STORAGE_KEYS } from './storage-keys';

/** A guest's session id (guest_ + time + random), made once in this browser and kept in storage. */
export function guestSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.guestSession);
    if (stored && /^guest_\d{10,16}_[a-z0-9]{4,32}$/i.test(stored)) return stored;
    const created = `guest_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`;
    localStorage.setItem(STORAGE_KEYS.guestSession, created);
    return created;
  } catch {
    // Storage may be off (private mode): a fresh id still lets this page keep its own searches.
    return `guest_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`;
  }
}
