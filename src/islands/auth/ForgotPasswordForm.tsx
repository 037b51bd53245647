import { useState, type FormEvent } from 'react';
import { apiPost } from '~/browser/api';
import { showToast } from '~/stores/toasts';
import Field from './Field';
import { useHydrated } from '../use-hydrated';
import { islandTranslator } from '~/lib/i18n/current';
import { ugandanE164 } from '~/lib/mobile-money';

/** Two steps: ask for a code (texted to a phone number, or mailed to an email), then set a new password with it. */
export default function ForgotPasswordForm() {
  // What the code went to, as typed: a phone number or an email.
  const [email, setEmail] = useState<string | null>(null);
  const phone = email === null ? null : ugandanE164(email);
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
    const address = String(new FormData(event.currentTarget).get('username')).trim();
    const sent = ugandanE164(address) ? t.auth.resetSentPhone : t.auth.resetSent;
    if (await send({ task: 'request_password_reset', username: address }, sent, t.auth.resetSendFailed)) setEmail(address);
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code')).trim();
    const password = String(form.get('password'));
    const body: Record<string, string> = phone
      ? { task: 'reset_password', phone_number: phone, code, password }
      : { task: 'reset_password', email: email!, code, password };
    if (await send(body, t.auth.resetDone, t.auth.resetFallback)) window.location.assign(path('/auth/login'));
  }

  if (email === null) {
    return (
      <form key="ask" className="auth-form" method="post" onSubmit={requestCode}>
        <h1>{t.auth.forgotHeading}</h1>
        <p>{t.auth.forgotLead}</p>
        <Field label={t.auth.emailOrPhone} id="forgot-username" name="username" autoComplete="username" autoCapitalize="none" required />
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
    <form key="reset" className="auth-form" method="post" onSubmit={reset}>
      <h1>{t.auth.setNewPassword}</h1>
      <p>{phone ? fill(t.auth.phoneCodeSent, { phone: email }) : fill(t.auth.codeSent, { email })}</p>
      <Field label={t.auth.code} id="reset-code" name="code" inputMode="numeric" pattern="\d{6}" autoComplete="one-time-code" required />
      <Field label={t.auth.newPassword} id="reset-password" name="password" type="password" autoComplete="new-password" required minLength={8} />
      <button className="button" type="submit" disabled={!hydrated || busy}>
        {t.auth.resetPassword}
      </button>
      <p>
        <button type="button" className="link-button" onClick={() => setEmail(null)}>
          {phone ? t.auth.anotherNumber : t.auth.anotherEmail}
        </button>
      </p>
    </form>
  );
}
