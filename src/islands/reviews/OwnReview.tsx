/**
 * The shopper's part of the reviews block: a link to log in, their review with Edit and Delete, or the
 * form to write or change it; a change made offline says it is waiting for a connection.
 */
import { loginHref } from '~/lib/login-redirect';
import type { Review, ReviewInput } from '~/lib/review-rules';
import type { ChangeKind } from '~/lib/queued-change-rules';
import { islandTranslator } from '~/lib/i18n/current';
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
  const { t, path } = islandTranslator();
  const words = t.reviews;
  return (
    <div className="own-review">
      {!loggedIn && (
        <p className="guest-only">
          <a href={path(loginHref(path(`/product/${productId}#reviews`)))}>{words.logInToWrite}</a>
        </p>
      )}
      {loggedIn && loading && <p className="muted">{words.loadingYours}</p>}
      {loggedIn && error && <p role="alert">{error.message}</p>}
      {ready && waiting === 'review-delete' && (
        <p className="waiting-note" role="status">
          {words.deleteWaiting}
        </p>
      )}
      {ready &&
        (review && !editing ? (
          <section aria-labelledby="own-review-heading" className="own-review-card">
            <h3 id="own-review-heading">{words.yours}</h3>
            <ReviewItem review={review} as="div" />
            {waiting === 'review-save' && (
              <p className="waiting-note" role="status">
                {words.waiting}
              </p>
            )}
            <div className="button-row">
              <button type="button" className="button secondary small" onClick={() => onEditing(true)} disabled={busy}>
                {words.edit}
              </button>
              <button type="button" className="button secondary small danger" onClick={onDelete} disabled={busy}>
                {words.delete}
              </button>
            </div>
          </section>
        ) : (
          <ReviewForm
            key={review?.id ?? 'new'}
            heading={review ? words.editHeading : words.writeHeading}
            submitLabel={review ? words.saveChanges : words.submit}
            initial={review ?? undefined}
            disabled={busy}
            onSubmit={onSubmit}
            onCancel={review ? () => onEditing(false) : undefined}
          />
        ))}
    </div>
  );
}
