/** The toasts of spec section 8, at top centre; each goes by itself after its time or when dismissed. */
import { useStore } from '@nanostores/react';
import { $toasts, hideToast } from '~/stores/toasts';

export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast ${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          <button type="button" className="link-button" aria-label="Dismiss" onClick={() => hideToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
