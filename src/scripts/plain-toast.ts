/**
 * A toast drawn without React, for what a page's own script says before any island is awake (the product page's
 * Add to cart): the same look, place and times as the Toaster island's (spec section 8), in the island's own
 * server-rendered region. The region must be as the server rendered it when React hydrates there, so when the
 * island is woken (by the next toast's event, `client:event`), the toasts still showing are handed to the toasts'
 * store with the time they have left, and leave the region before React arrives. Once the island is awake, a
 * toast simply goes through the store.
 */
import { PAGE_EVENTS } from '~/browser/page-events';
import { showToast, TOAST_DURATION_MS, type ToastKind } from '~/stores/toasts';

const PLAIN_ATTRIBUTE = 'data-plain-toast';

/** Whether the Toaster island has been woken: from then on toasts go through the store. */
let islandWoken = false;

function handOverToTheIsland(): void {
  islandWoken = true;
  for (const toast of document.querySelectorAll<HTMLElement>(`[${PLAIN_ATTRIBUTE}]`)) {
    toast.remove();
    const left = Number(toast.dataset.until) - Date.now();
    if (left > 0) showToast(toast.querySelector('span')!.textContent ?? '', toast.dataset.kind as ToastKind, left);
  }
}

if (typeof window !== 'undefined') window.addEventListener(PAGE_EVENTS.toast, handOverToTheIsland, { once: true });

/** Shows `message` for its kind's time; `dismissLabel` names the close button in the page's language. */
export function showPlainToast(message: string, kind: ToastKind, dismissLabel: string): void {
  const region = document.querySelector('.toaster');
  if (islandWoken || !region?.closest('astro-island[ssr]')) {
    showToast(message, kind);
    return;
  }
  const toast = document.createElement('div');
  toast.className = `toast ${kind}`;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  toast.setAttribute(PLAIN_ATTRIBUTE, '');
  toast.dataset.kind = kind;
  toast.dataset.until = String(Date.now() + TOAST_DURATION_MS[kind]);
  const text = document.createElement('span');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'link-button';
  close.setAttribute('aria-label', dismissLabel);
  close.textContent = '×';
  close.addEventListener('click', () => toast.remove());
  toast.append(text, close);
  region.append(toast);
  setTimeout(() => toast.remove(), TOAST_DURATION_MS[kind]);
}
