/**
 * The toasts of spec section 8, at top centre; each goes by itself after its time or when dismissed.
 * The island wakes on the first toast (`client:event`), which is already in the store by then: the
 * first render matches the server's empty region, and the toasts follow.
 */
import { useStore } from '@nanostores/react';
import { $toasts, hideToast } from '~/stores/toasts';
import { useHydrated } from './use-hydrated';
import { islandTranslator } from '~/lib/i18n/current';

export default function Toaster() {
  const hydrated = useHydrated();
  const toasts = useStore($toasts);
  const { t } = islandTranslator();
  return (
    <div className="toaster" role="region" aria-label={t.browse.toasts.label}>
      {hydrated &&
        toasts.map((toast) => (
          <div key={toast.id} className={`toast ${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span>{toast.message}</span>
            <button type="button" className="link-button" aria-label={t.browse.toasts.dismiss} onClick={() => hideToast(toast.id)}>
              ×
            </button>
          </div>
        ))}
    </div>
  );
}
