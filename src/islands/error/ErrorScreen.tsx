/**
 * The error screen (spec section 2). Islands show it in place of the part that crashed; the server's
 * 500 page shows it for the whole page, where trying again and reloading are both a fresh request.
 */
import { islandTranslator } from '~/lib/i18n/current';

type Props = { errorId: string; time: string; onTryAgain?: () => void; onReload?: () => void; pageUrl?: string };

export default function ErrorScreen({ errorId, time, onTryAgain, onReload, pageUrl = '' }: Props) {
  const { t, dateTime, path } = islandTranslator();
  const words = t.errors.screen;
  return (
    <section className="error-screen" role="alert" aria-labelledby={`${errorId}-title`}>
      <h2 id={`${errorId}-title`}>{words.title}</h2>
      <p>{words.lead}</p>
      <dl>
        <dt>{words.errorId}</dt>
        <dd>
          <code>{errorId}</code>
        </dd>
        <dt>{words.time}</dt>
        <dd>
          <time dateTime={time}>{dateTime(time)}</time>
        </dd>
      </dl>
      <div className="button-row">
        <Action label={words.tryAgain} onClick={onTryAgain} href={pageUrl} primary />
        <a className="button secondary" href={path('/')}>
          {words.goHome}
        </a>
        <Action label={words.reload} onClick={onReload} href={pageUrl} />
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
