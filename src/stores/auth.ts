/**
 * Who is logged in (spec sections 3 and 4): token and profile persisted in localStorage under the spec's
 * keys. The state is loading at start and restored 100 ms later from what was stored. Login and register are
 * server forms (src/server/http/sign-in-forms.ts): the page after them stores both before paint
 * (src/scripts/inline/restore-login.js); logout clears both, and what the phone kept of the wishlist.
 */
import { atom, computed, onMount } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { apiPost } from '~/browser/api';
import { STORAGE_KEYS } from '~/lib/storage-keys';
import { PAGE_EVENTS } from '~/browser/page-events';
import { clearUserInfo } from './manifest';
import { forgetKeptApiReplies } from '~/lib/offline';
import { forgetWishlistOnThisPhone } from './wishlist';

export type Profile = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  name: string;
  phone_number: string;
  user_type: string;
  sex?: string;
  dob?: string;
  intro?: string;
  address?: string;
};

export const RESTORE_DELAY_MS = 100;

/** A token counts only if it is longer than 5 characters. */
export const isUsableToken = (token: unknown): token is string => typeof token === 'string' && token.length > 5;

/** A stored profile that is not one (old format, edited by hand) counts as none. */
function decodeProfile(text: string): Profile | undefined {
  try {
    const value = JSON.parse(text) as Profile | null;
    return value && typeof value === 'object' && typeof value.id === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

// `undefined` means "not stored": setting it removes the key from localStorage.
export const $token = persistentAtom<string | undefined>(STORAGE_KEYS.token, undefined);
export const $profile = persistentAtom<Profile | undefined>(STORAGE_KEYS.profile, undefined, { encode: JSON.stringify, decode: decodeProfile });
const $progress = atom<{ isLoading: boolean; error: string | null }>({ isLoading: true, error: null });

export type AuthState = { isAuthenticated: boolean; user: Profile | null; token: string | null; isLoading: boolean; error: string | null };

export const $auth = computed([$token, $profile, $progress], (token, profile, progress): AuthState => {
  const loggedIn = isUsableToken(token) && profile !== undefined;
  return { isAuthenticated: !progress.isLoading && loggedIn, user: loggedIn ? profile : null, token: loggedIn ? token : null, ...progress };
});

let restoring: Promise<void> | undefined;
/** Finishes the start-up 'loading' state from what is stored (once, however many islands ask). */
export function restoreAuth(): Promise<void> {
  restoring ??= new Promise((resolve) =>
    setTimeout(() => {
      $progress.set({ isLoading: false, error: null });
      resolve();
    }, RESTORE_DELAY_MS),
  );
  return restoring;
}

// Whoever first watches the auth state starts the restore.
onMount($auth, () => {
  void restoreAuth();
});

/** Keeps the stored profile in step after the account changes it. */
export function updateStoredProfile(profile: Profile): void {
  $profile.set(profile);
}

/** Logs out here at once; tells the server too (its token stops working) without waiting for it. */
export function logout(): void {
  if (isUsableToken($token.get())) apiPost('/api/users/logout', {}, { keepalive: true }).catch(() => {});
  forgetLogin();
}

function forgetLogin(): void {
  $token.set(undefined);
  $profile.set(undefined);
  clearUserInfo();
  void forgetKeptApiReplies();
  // Changes still waiting to be sent belong to this login; the phone keeps no wishlist after it.
  forgetWishlistOnThisPhone();
}

// The server refused the stored login (src/lib/api.ts): it is already void there, so just forget it.
if (typeof window !== 'undefined') window.addEventListener(PAGE_EVENTS.sessionExpired, forgetLogin);
