/** Toasts (spec section 8): shown at top centre for 2 to 6 seconds; each has a random 7-character id. */
import { atom } from 'nanostores';
import { announce, PAGE_EVENTS } from '~/browser/page-events';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: string; kind: ToastKind; message: string; duration: number };

export const TOAST_DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 2000, warning: 4000, error: 6000 };

export const $toasts = atom<Toast[]>([]);

export function showToast(message: string, kind: ToastKind = 'info', duration = TOAST_DURATION_MS[kind]): string {
  const id = Math.random().toString(36).slice(2, 9).padEnd(7, '0');
  $toasts.set([...$toasts.get(), { id, kind, message, duration }]);
  setTimeout(() => hideToast(id), duration);
  announce(PAGE_EVENTS.toast);
  return id;
}

export function hideToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  $toasts.set([]);
}
