/**
 * Returns on the buyer's order page, under one vendor's part: the part's returns with their step, the vendor's
 * note and how the money went back; until when items may be returned, and a "Return items" button opening the
 * form while the window is open. After it the button is gone (the API refuses too).
 */
import { lazy, Suspense, useState } from 'react';
import { formatUGX } from '~/lib/money';
import { kampalaDate } from '~/lib/dates';
import { variantPath } from '~/lib/image-variants';
import { REFUND_METHOD_LABELS, type RefundMethod } from '~/lib/return-rules';
import type { ReturnView } from './return-types';
import type { OrderPartView, OrderView } from './types';

// The form is fetched when the buyer opens it: the order page (also the payment and success pages) carries none of it.
const ReturnForm = lazy(() => import('./ReturnForm'));

function ReturnItem({ back }: { back: ReturnView }) {
  return (
    <li aria-label={`Return of ${back.lines.map((line) => line.product_name).join(', ')}`}>
      <span className="chip">{back.status_label}</span>
      <span>
        {back.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(', ')} · {formatUGX(back.amount)}
      </span>
      <span className="muted">
        {back.reason_label}
        {back.details && `: ${back.details}`}
      </span>
      {back.photos.length > 0 && (
        <ul className="return-photos" aria-label="Your photos">
          {back.photos.map((photo, i) => (
            <li key={photo}>
              <a href={`/storage/images/${photo}`} target="_blank" rel="noopener">
                <img src={variantPath(160, 'webp', photo)} width={96} height={96} alt={`Photo ${i + 1} of ${back.photos.length}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {back.status === 'refunded' ? (
        <span>
          Paid back: {REFUND_METHOD_LABELS[back.refund_method as RefundMethod] ?? back.refund_method}
          {back.note && ` · ${back.note}`}
        </span>
      ) : (
        back.note && (
          <span>
            {back.vendor_name} says: {back.note}
          </span>
        )
      )}
      {back.refund_pending_through && back.status === 'received' && <span>Your refund is being paid back to your card.</span>}
    </li>
  );
}

export default function PartReturns({ order, part, onChanged }: { order: OrderView; part: OrderPartView; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const returns = (order.returns ?? []).filter((back) => back.part_id === part.id);
  const until = part.return_until;
  const windowOpen = until !== null && Date.now() <= Date.parse(until);
  const canReturn = windowOpen && part.returnable.length > 0;
  if (returns.length === 0 && !until) return null;

  return (
    <div className="part-returns">
      {sent && <p role="status">Return requested. {part.vendor_name} will answer it; we email you at each step.</p>}
      {returns.length > 0 && (
        <ul className="returns-of-part" aria-label={`Returns to ${part.vendor_name}`}>
          {returns.map((back) => (
            <ReturnItem key={back.id} back={back} />
          ))}
        </ul>
      )}
      {until && (canReturn || !windowOpen) && (
        <p className="muted">{canReturn ? `You can return items until ${kampalaDate(until)}.` : `Returns for these items closed on ${kampalaDate(until)}.`}</p>
      )}
      {canReturn && !open && (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setOpen(true);
            setSent(false);
          }}
        >
          Return items
        </button>
      )}
      {canReturn && open && (
        <Suspense fallback={<p role="status">Opening the form…</p>}>
          <ReturnForm
            orderId={order.id}
            part={part}
            onCancel={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              setSent(true);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
