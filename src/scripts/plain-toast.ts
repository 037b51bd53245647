/**
 * A toast drawn without React, for what a page's own script says before any island is awake (the product page's
 * Add to cart, a heart's problem): the same look, place and times as the Toaster island's (spec section 8), in a
 * holder of its own beside it, so the island's server-rendered region is left as React will find it.
 */
import { TOAST_DURATION_MS, type ToastKind } from '~/stores/toasts';

function holder(): HTMLElement {
  let found = document.querySelector<HTMLElement>('[data-plain-toasts]');
  if (!found) {
    found = document.createElement('div');
    found.className = 'toaster';
    found.setAttribute('data-plain-toasts', '');
    document.body.append(found);
  }
  return found;
}

/** Shows `message` for its kind's time; `dismissLabel` names the close button in the page's language. */
export function showPlainToast(message: string, kind: ToastKind, dismissLabel: string): void {
  const toast = document.createElement('div');
  toast.className = `toast ${kind}`;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const text = document.createElement('span');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'link-button';
  close.setAttribute('aria-label', dismissLabel);
  close.textContent = '×';
  close.addEventListener('click', () => toast.remove());
  toast.append(text, close);
  holder().append(toast);
  setTimeout(() => toast.remove(), TOAST_DURATION_MS[kind]);
}
