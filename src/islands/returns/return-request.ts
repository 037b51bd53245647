/**
 * What the return form sends: a multipart body (the pictures go as files, the lines as JSON text, as the API
 * takes them) to POST orders/{id}/returns, and the checks worth making before it goes.
 */
import { apiRequest } from '~/browser/api';
import { islandTranslator } from '~/lib/i18n/current';
import { detailsRequired, MAX_RETURN_PHOTOS, type ReturnReason } from '~/lib/return-rules';
import type { ReturnView } from './return-types';

export type ReturnDraft = {
  orderId: number;
  partId: number;
  /** How many of each line, by order line id; lines left at 0 are not sent. */
  quantities: Record<number, number>;
  reason: ReturnReason | '';
  details: string;
  photos: File[];
};

/** Why the form cannot be sent yet, in the page's language, or null. */
export function draftProblem(draft: ReturnDraft): string | null {
  const { t, fill } = islandTranslator();
  if (!Object.values(draft.quantities).some((quantity) => quantity > 0)) return t.checkout.chooseItemToReturn;
  if (!draft.reason) return t.checkout.chooseReason;
  if (detailsRequired(draft.reason) && !draft.details.trim()) return t.checkout.sayWhatIsWrong;
  if (draft.photos.length > MAX_RETURN_PHOTOS) return fill(t.checkout.tooManyPhotos, { count: MAX_RETURN_PHOTOS });
  return null;
}

/** Sends the request; the server's refusal (the window has closed, too many) comes back as the error's message. */
export function sendReturnRequest(draft: ReturnDraft): Promise<ReturnView> {
  const body = new FormData();
  body.set('part_id', String(draft.partId));
  const lines = Object.entries(draft.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ order_item_id: Number(id), quantity }));
  body.set('lines', JSON.stringify(lines));
  body.set('reason', draft.reason);
  body.set('details', draft.details.trim());
  for (const photo of draft.photos) body.append('photos', photo);
  return apiRequest<ReturnView>(`/api/orders/${draft.orderId}/returns`, { method: 'POST', body });
}
