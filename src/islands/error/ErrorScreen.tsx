/**
 * The error screen (spec section 2). Islands show it in place of the part that crashed; the server's
 * 500 page shows it for the whole page, where trying again and reloading are both a fresh request.
 */
import { ERROR_SCREEN_TITLE } from '~/lib/error-reports';
import { kampalaDateTime } from '~/lib/dates';

type Props = { errorId: string; time: string; onTryAgain?: () => void; onReload?: () => void; pageUrl?: string };

export default function ErrorScreen({ errorId, time, onTryAgain, onReload, pageUrl = '' }: Props) {
  return (
    <section className="error-screen" role="alert" aria-labelledby={`${errorId}-title`}>
      <h2 id={`${errorId}-title`}>{ERROR_SCREEN_TITLE}</h2>
      <p>We are sorry: this part of the page stopped working. Trying again usually helps.</p>
      <dl>
        <dt>Error id</dt>
        <dd>
          <code>{errorId}</code>
        </dd>
        <dt>Time</dt>
        <dd>
          <time dateTime={time}>{kampalaDateTime(time)}</time>
        </dd>
      </dl>
      <div className="button-row">
        {onTryAgain ? (
          <button type="button" className="button" onClick={onTryAgain}>
            Try Again
          </button>
        ) : (
          <a className="button" href={pageUrl}>
            Try Again
          </a>
        )}
        <a className="button secondary" href="/">
          Go Home
        </a>
        {onReload ? (
          <button type="button" className="button secondary" onClick={onReload}>
            Reload Page
          </button>
        ) : (
          <a className="button secondary" href={pageUrl}>
            Reload Page
          </a>
        )}
      </div>
    </section>
  );
}
