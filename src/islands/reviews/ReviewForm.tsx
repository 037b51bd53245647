/** Writing or changing a review: a star picker (five radio buttons) and the comment, checked before sending. */
import { useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, reviewInputProblem, type ReviewInput } from '~/lib/review-rules';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

type Props = {
  heading: string;
  submitLabel: string;
  initial?: ReviewInput;
  disabled?: boolean;
  onSubmit: (input: ReviewInput) => Promise<boolean>;
  onCancel?: () => void;
};

export default function ReviewForm({ heading, submitLabel, initial, disabled = false, onSubmit, onCancel }: Props) {
  // A page holds one review form at a time.
  const id = 'review-form';
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = rating === 0 ? 'Choose a rating from 1 to 5 stars' : reviewInputProblem(rating, comment);
    setProblem(found);
    if (found || sending) return;
    setSending(true);
    const saved = await onSubmit({ rating, comment: comment.trim() });
    setSending(false);
    if (saved && !initial) {
      setRating(0);
      setComment('');
    }
  }

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <fieldset className="star-input">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={value <= rating ? 'on' : undefined}>
            <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} disabled={disabled} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {value} {value === 1 ? 'star' : 'stars'}, {RATING_WORDS[value]}
            </span>
          </label>
        ))}
        <span className="rating-word" aria-hidden="true">
          {RATING_WORDS[rating]}
        </span>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Your review</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          value={comment}
          minLength={REVIEW_COMMENT_MIN}
          maxLength={REVIEW_COMMENT_MAX}
          required
          disabled={disabled}
          aria-describedby={`${id}-count`}
          placeholder="What did you like or dislike? How was the delivery?"
          onChange={(event) => setComment(event.target.value)}
        />
        <small id={`${id}-count`} className="muted">
          {comment.trim().length} / {REVIEW_COMMENT_MAX} characters
        </small>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={disabled || sending}>
          {sending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
