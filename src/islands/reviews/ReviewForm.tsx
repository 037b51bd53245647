/** Writing or changing a review: a star picker (five radio buttons) and the comment, checked before sending. */
import { useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, reviewInputProblemOf, type ReviewInput } from '~/lib/review-rules';
import { islandTranslator } from '~/lib/i18n/current';

const STARS = [1, 2, 3, 4, 5] as const;

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
  const { t, fill, count } = islandTranslator();
  const words = t.reviews;

  /** What stops the review from being sent, in the page's language, or null. */
  function problemOf(): string | null {
    if (rating === 0) return words.problems.noRating;
    const problem = reviewInputProblemOf(rating, comment);
    return problem && fill(words.problems[problem], { min: String(REVIEW_COMMENT_MIN), max: String(REVIEW_COMMENT_MAX) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemOf();
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
        <legend>{words.yourRating}</legend>
        {STARS.map((value) => (
          <label key={value} className={value <= rating ? 'on' : undefined}>
            <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} disabled={disabled} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{count(words.starChoice, value, { word: words.ratingWords[value] })}</span>
          </label>
        ))}
        <span className="rating-word" aria-hidden="true">
          {rating > 0 ? words.ratingWords[rating as (typeof STARS)[number]] : ''}
        </span>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>{words.comment}</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          value={comment}
          minLength={REVIEW_COMMENT_MIN}
          maxLength={REVIEW_COMMENT_MAX}
          required
          disabled={disabled}
          aria-describedby={`${id}-count`}
          placeholder={words.commentPlaceholder}
          onChange={(event) => setComment(event.target.value)}
        />
        <small id={`${id}-count`} className="muted">
          {fill(words.characters, { count: comment.trim().length, max: String(REVIEW_COMMENT_MAX) })}
        </small>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={disabled || sending}>
          {sending ? words.saving : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={sending}>
            {words.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
