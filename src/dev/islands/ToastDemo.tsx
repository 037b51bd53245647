/** /toast-demo: every toast kind with a text from the spec, at its own duration, and all at once. */
import { showToast, TOAST_DURATION_MS, type ToastKind } from '~/stores/toasts';
import { useHydrated } from '~/islands/use-hydrated';
import { API_MESSAGES } from '~/lib/messages/api-messages';
import { CART_MESSAGES } from '~/lib/messages/cart-messages';
import { REVIEW_MESSAGES } from '~/lib/messages/review-messages';

const SAMPLES: { kind: ToastKind; message: string }[] = [
  { kind: 'success', message: CART_MESSAGES.added('Tecno Spark 20') },
  { kind: 'info', message: CART_MESSAGES.updated },
  { kind: 'warning', message: API_MESSAGES.sessionExpired },
  { kind: 'error', message: REVIEW_MESSAGES.submitFailed },
];

export default function ToastDemo() {
  const hydrated = useHydrated();
  return (
    <div className="button-row">
      {SAMPLES.map(({ kind, message }) => (
        <button key={kind} type="button" className="button secondary" disabled={!hydrated} onClick={() => showToast(message, kind)}>
          {`${kind[0]!.toUpperCase()}${kind.slice(1)} (${TOAST_DURATION_MS[kind] / 1000} s)`}
        </button>
      ))}
      <button type="button" className="button" disabled={!hydrated} onClick={() => SAMPLES.forEach(({ kind, message }) => showToast(message, kind))}>
        All four
      </button>
    </div>
  );
}
