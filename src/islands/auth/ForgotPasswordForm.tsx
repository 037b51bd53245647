import { useState, type FormEvent } from 'react';
import { apiPost } from '~/lib/api';
import { showToast } from '~/stores/toasts';
import Field from './Field';
import { useHydrated } from '../use-hydrated';
import { islandTranslator } from '~/lib/i18n/current';

/** Two steps: ask for a code by email, then set a new password with it. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { t, fill, path } = islandTranslator();

  async function send(body: Record<string, string>, success: string, failure: string): Promise<boolean> {
    setBusy(true);
    try {
      await apiPost('/api/users/login', body);
      showToast(success, 'success');
      return true;
    } catch (error) {
      showToast((error as Error).message || failure, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email')).trim();
    if (await send({ task: 'request_password_reset', username: address }, t.auth.resetSent, t.auth.resetSendFailed)) setEmail(address);
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { task: 'reset_password', email: email!, code: String(form.get('code')).trim(), password: String(form.get('password')) };
    if (await send(body, t.auth.resetDone, t.auth.resetFallback)) window.location.assign(path('/auth/login'));
  }

  if (email === null) {
    return (
      <form className="auth-form" method="post" onSubmit={requestCode}>
        <h1>{t.auth.forgotHeading}</h1>
        <p>{t.auth.forgotLead}</p>
        <Field label={t.auth.email} id="forgot-email" name="email" type="email" autoComplete="email" required />
        <button className="button" type="submit" disabled={!hydrated || busy}>
          {t.auth.sendCode}
        </button>
        <p>
          <a href={path('/auth/login')}>{t.auth.backToLogIn}</a>
        </p>
      </form>
    );
  }
  return (
    <form className="auth-form" method="post" onSubmit={reset}>
      <h1>{t.auth.setNewPassword}</h1>
      <p>{fill(t.auth.codeSent, { email })}</p>
      <Field label={t.auth.code} id="reset-code" name="code" inputMode="numeric" pattern="\d{6}" autoComplete="one-time-code" required />
      <Field label={t.auth.newPassword} id="reset-password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <button className="button" type="submit" disabled={!hydrated || busy}>
        {t.auth.resetPassword}
      </button>
      <p>
        <button type="button" className="link-button" onClick={() => setEmail(null)}>
          {t.auth.anotherEmail}
        </button>
      </p>
    </form>
  );
}
