import { useStore } from '@nanostores/react';
import { $auth, type Profile } from '~/stores/auth';
import { useHydrated } from '../use-hydrated';

/**
 * The logged-in user for an island's render. The server knows nobody (pages are the same for everyone),
 * while the browser reads the user from localStorage at once: showing that on the first render would
 * not match the server's HTML (React error #418). So: nobody until the island has hydrated.
 */
export function useStoredUser(): Profile | null {
  const { user } = useStore($auth);
  return useHydrated() ? user : null;
}
