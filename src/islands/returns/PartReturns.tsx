/**
 * Returns on the buyer's order page, under one vendor's part: the part's returns with their step, the vendor's
 * note and how the money went back; until when items may be returned, and a "Return items" button opening the
 * form while the window is open. After it the button is gone (the API refuses too).
 */
import { lazy, Suspense, useState } from 'react';
import { variantPath } from '~/lib/image-variants';
import { islandTranslator } from '~/lib/i18n/current';
import { isReturnReason, isReturnStatus, REFUND_METHODS, type RefundMethod } from '~/lib/return-rules';
import type { ReturnView } from './return-types';
import type { OrderPartView, OrderView } from '~/islands/checkout/types';

// The form is fetched when the buyer opens it: the order page (also the payment and success pages) carries none of it.
const ReturnForm = lazy(() => import('./ReturnForm'));

const isRefundMethod = (value: string): value is RefundMethod => (REFUND_METHODS as readonly string[]).includes(value);

function ReturnItem({ back }: { back: ReturnView }) {
  const { t, fill, money } = islandTranslator();
  const words = t.checkout;
  return (
    <li aria-label={fill(words.returnOf, { items: back.lines.map((line) => line.product_name).join(', ') })}>
      <span className="chip">{isReturnStatus(back.status) ? words.returnStatuses[back.status] : back.status_label}</span>
      <span>
        {back.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(', ')} · {money(back.amount)}
      </span>
      <span className="muted">
        {isReturnReason(back.reason) ? words.returnReasons[back.reason] : back.reason_label}
        {back.details && `: ${back.details}`}
      </span>
      {back.photos.length > 0 && (
        <ul className="return-photos" aria-label={words.yourPhotos}>
          {back.photos.map((photo, i) => (
            <li key={photo}>
              <a href={`/storage/images/${photo}`} target="_blank" rel="noopener">
                <img
                  src={variantPath(160, 'webp', photo)}
                  width={96}
                  height={96}
                  alt={fill(words.photoOf, { number: i + 1, count: back.photos.length })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {back.status === 'refunded' ? (
        <span>
          {fill(words.paidBack, { method: isRefundMethod(back.refund_method) ? words.refundMethods[back.refund_method] : back.refund_method })}
          {back.note && ` · ${back.note}`}
        </span>
      ) : (
        back.note && <span>{fill(words.vendorSays, { vendor: back.vendor_name, note: back.note })}</span>
      )}
      {back.refund_pending_through && back.status === 'received' && <span>{words.refundToCard}</span>}
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
  const { t, fill, date } = islandTranslator();

  return (
    <div className="part-returns">
      {sent && <p role="status">{fill(t.checkout.returnRequested, { vendor: part.vendor_name })}</p>}
      {returns.length > 0 && (
        <ul className="returns-of-part" aria-label={fill(t.checkout.returnsTo, { vendor: part.vendor_name })}>
          {returns.map((back) => (
            <ReturnItem key={back.id} back={back} />
          ))}
        </ul>
      )}
      {until && (canReturn || !windowOpen) && (
        <p className="muted">{fill(canReturn ? t.checkout.returnUntil : t.checkout.returnsClosed, { date: date(until) })}</p>
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
          {t.checkout.returnItems}
        </button>
      )}
      {canReturn && open && (
        <Suspense fallback={<p role="status">{t.checkout.openingForm}</p>}>
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
