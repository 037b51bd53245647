import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { mergeGuestWishlist } from '~/stores/wishlist';
import { safeRedirect } from '~/lib/login-redirect';
import { useHydrated } from '../use-hydrated';

/**
 * What logging in and registering share: the button is disabled until the island is ready and while a
 * request runs; a failure shows the store's error; a success adds the hearts the shopper saved as a
 * guest to their account, says so and returns to the remembered page (checkout's login is this page too).
 */
export function useAuthSubmit(redirect: string | null) {
  const { isLoading } = useStore($auth);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function submit(attempt: () => Promise<boolean>, messages: { success: string; fallback: string }) {
    setBusy(true);
    const ok = await attempt();
    if (!ok) {
      setBusy(false);
      showToast($auth.get().error ?? messages.fallback, 'error');
      return;
    }
    await mergeGuestWishlist();
    setBusy(false);
    showToast(messages.success, 'success');
    window.location.assign(safeRedirect(redirect));
  }

  return { busy, disabled: !hydrated || busy || isLoading, submit };
}
