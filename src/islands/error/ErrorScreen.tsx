/**
 * The error screen (spec section 2). Islands show it in place of the part that crashed; the server's
 * 500 page shows it for the whole page, where trying again and reloading are both a fresh request.
 */
import { kampalaDateTime } from '~/lib/dates';
import { ERROR_SCREEN_MESSAGES } from '~/lib/messages/error-screen-messages';

type Props = { errorId: string; time: string; onTryAgain?: () => void; onReload?: () => void; pageUrl?: string };

export default function ErrorScreen({ errorId, time, onTryAgain, onReload, pageUrl = '' }: Props) {
  return (
    <section className="error-screen" role="alert" aria-labelledby={`${errorId}-title`}>
      <h2 id={`${errorId}-title`}>{ERROR_SCREEN_MESSAGES.title}</h2>
      <p>We are sorry: something stopped working. Trying again usually helps.</p>
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
        <Action label="Try Again" onClick={onTryAgain} href={pageUrl} primary />
        <a className="button secondary" href="/">
          Go Home
        </a>
        <Action label="Reload Page" onClick={onReload} href={pageUrl} />
      </div>
    </section>
  );
}

/** A button in an island; on the server's page, where there is no script, a link that asks again. */
function Action({ label, onClick, href, primary = false }: { label: string; onClick?: () => void; href: string; primary?: boolean }) {
  const className = primary ? 'button' : 'button secondary';
  return onClick ? (
    <button type="button" className={className} onClick={onClick}>
      {label}
    </button>
  ) : (
    <a className={className} href={href}>
      {label}
    </a>
  );
}
