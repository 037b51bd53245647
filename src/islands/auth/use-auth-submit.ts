import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { safeRedirect } from '~/lib/login-redirect';
import { useHydrated } from '../use-hydrated';

/**
 * What logging in and registering share: the button is disabled until the island is ready and while a
 * request runs; a failure shows the store's error, a success says so and returns to the remembered page.
 */
export function useAuthSubmit(redirect: string | null) {
  const { isLoading } = useStore($auth);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function submit(attempt: () => Promise<boolean>, messages: { success: string; fallback: string }) {
    setBusy(true);
    const ok = await attempt();
    setBusy(false);
    if (!ok) {
      showToast($auth.get().error ?? messages.fallback, 'error');
      return;
    }
    showToast(messages.success, 'success');
    window.location.assign(safeRedirect(redirect));
  }

  return { busy, disabled: !hydrated || busy || isLoading, submit };
}
