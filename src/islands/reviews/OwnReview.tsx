/**
 * The shopper's part of the reviews block: a link to log in, their review with Edit and Delete, or the
 * form to write or change it; a change made offline says it is waiting for a connection.
 */
import { loginHref } from '~/lib/login-redirect';
import type { Review, ReviewInput } from '~/lib/review-rules';
import type { ChangeKind } from '~/lib/queued-change-rules';
import { QUEUED_CHANGE_MESSAGES } from '~/lib/messages/queued-change-messages';
import ReviewForm from './ReviewForm';
import { ReviewItem } from './ReviewList';

type Props = {
  productId: number;
  loggedIn: boolean;
  /** Their review (null: none yet), while it loads, or why it could not be read; a change to it waiting to be sent. */
  own: { review: Review | null | undefined; loading: boolean; error: Error | undefined; waiting: ChangeKind | null };
  editing: boolean;
  busy: boolean;
  onEditing: (editing: boolean) => void;
  onSubmit: (input: ReviewInput) => Promise<boolean>;
  onDelete: () => void;
};

export default function OwnReview({ productId, loggedIn, own, editing, busy, onEditing, onSubmit, onDelete }: Props) {
  const { review, loading, error, waiting } = own;
  const ready = loggedIn && !loading && !error;
  return (
    <div className="own-review">
      {!loggedIn && (
        <p className="guest-only">
          <a href={loginHref(`/product/${productId}#reviews`)}>Log in to write a review</a>
        </p>
      )}
      {loggedIn && loading && <p className="muted">Loading your review…</p>}
      {loggedIn && error && <p role="alert">{error.message}</p>}
      {ready && waiting === 'review-delete' && (
        <p className="waiting-note" role="status">
          {QUEUED_CHANGE_MESSAGES.reviewDeleteWaiting}
        </p>
      )}
      {ready &&
        (review && !editing ? (
          <section aria-labelledby="own-review-heading" className="own-review-card">
            <h3 id="own-review-heading">Your review</h3>
            <ReviewItem review={review} as="div" />
            {waiting === 'review-save' && (
              <p className="waiting-note" role="status">
                {QUEUED_CHANGE_MESSAGES.waiting}
              </p>
            )}
            <div className="button-row">
              <button type="button" className="button secondary small" onClick={() => onEditing(true)} disabled={busy}>
                Edit
              </button>
              <button type="button" className="button secondary small danger" onClick={onDelete} disabled={busy}>
                Delete
              </button>
            </div>
          </section>
        ) : (
          <ReviewForm
            key={review?.id ?? 'new'}
            heading={review ? 'Edit your review' : 'Write a review'}
            submitLabel={review ? 'Save changes' : 'Submit review'}
            initial={review ?? undefined}
            disabled={busy}
            onSubmit={onSubmit}
            onCancel={review ? () => onEditing(false) : undefined}
          />
        ))}
    </div>
  );
}
