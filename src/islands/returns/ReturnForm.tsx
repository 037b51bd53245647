/**
 * The buyer's return form for one delivered part: how many of each line, the reason (with words when it is
 * "another reason"), up to 3 photos, sent as a multipart form. Problems are said in an alert beside the button.
 */
import { useState, type FormEvent } from 'react';
import { MAX_RETURN_PHOTOS, RETURN_DETAILS_MAX, RETURN_REASONS, detailsRequired, type ReturnReason } from '~/lib/return-rules';
import { islandTranslator } from '~/lib/i18n/current';
import { draftProblem, sendReturnRequest } from './return-request';
import type { OrderPartView } from '~/islands/checkout/types';
import { PICTURE_TYPES_ACCEPTED } from '~/lib/picture-uploads';

type Props = { orderId: number; part: OrderPartView; onSent: () => void; onCancel: () => void };

export default function ReturnForm({ orderId, part, onSent, onCancel }: Props) {
  const returnable = part.returnable.flatMap((left) => {
    const line = part.lines.find((candidate) => candidate.id === left.order_item_id);
    return line ? [{ line, max: left.quantity }] : [];
  });
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    // With one line there is nothing to choose: one of it, which the buyer may raise.
    returnable.length === 1 ? { [returnable[0]!.line.id]: 1 } : {},
  );
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (what: string) => `return-${part.id}-${what}`;
  const { t, fill } = islandTranslator();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const draft = { orderId, partId: part.id, quantities, reason, details, photos };
    const before = draftProblem(draft);
    setProblem(before);
    if (before) return;
    setBusy(true);
    try {
      await sendReturnRequest(draft);
      onSent();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="return-form"
      onSubmit={(event) => void onSubmit(event)}
      // A problem said before is stale once the buyer changes something; the next send says it again if it still holds.
      onChange={() => setProblem(null)}
      aria-label={fill(t.checkout.returnItemsFrom, { vendor: part.vendor_name })}
      noValidate
    >
      <fieldset>
        <legend>{t.checkout.whichItems}</legend>
        {returnable.map(({ line, max }) => (
          <div className="return-line-choice" key={line.id}>
            <label htmlFor={id(`line-${line.id}`)}>
              {line.product_name} <span className="muted">{fill(t.checkout.upTo, { count: max })}</span>
            </label>
            <input
              id={id(`line-${line.id}`)}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              value={quantities[line.id] ?? 0}
              onChange={(event) => setQuantities({ ...quantities, [line.id]: Math.max(0, Math.min(max, Math.floor(Number(event.target.value) || 0))) })}
            />
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={id('reason')}>{t.checkout.reason}</label>
        <select id={id('reason')} value={reason} onChange={(event) => setReason(event.target.value as ReturnReason | '')} required>
          <option value="">{t.checkout.chooseReason}</option>
          {RETURN_REASONS.map((value) => (
            <option key={value} value={value}>
              {t.checkout.returnReasons[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id('details')}>{reason && detailsRequired(reason) ? t.checkout.whatIsWrong : t.checkout.whatIsWrongOptional}</label>
        <textarea id={id('details')} rows={3} maxLength={RETURN_DETAILS_MAX} value={details} onChange={(event) => setDetails(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={id('photos')}>{fill(t.checkout.photosUpTo, { count: MAX_RETURN_PHOTOS })}</label>
        <input id={id('photos')} type="file" accept={PICTURE_TYPES_ACCEPTED} multiple onChange={(event) => setPhotos(Array.from(event.target.files ?? []))} />
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button className="button" type="submit" disabled={busy}>
          {busy ? t.checkout.sending : t.checkout.sendReturn}
        </button>
        <button className="button secondary" type="button" onClick={onCancel} disabled={busy}>
          {t.checkout.cancel}
        </button>
      </div>
    </form>
  );
}
