import { useState, type FormEvent } from 'react';
import { apiPost } from '~/lib/api';
import { showToast } from '~/stores/toasts';
import Field from './Field';
import { useHydrated } from '../use-hydrated';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';

/** Two steps: ask for a code by email, then set a new password with it. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

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
    if (await send({ task: 'request_password_reset', username: address }, ACCOUNT_MESSAGES.resetSent, ACCOUNT_MESSAGES.resetSendFailed)) setEmail(address);
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { task: 'reset_password', email: email!, code: String(form.get('code')).trim(), password: String(form.get('password')) };
    if (await send(body, ACCOUNT_MESSAGES.resetDone, ACCOUNT_MESSAGES.resetFallback)) window.location.assign('/auth/login');
  }

  if (email === null) {
    return (
      <form className="auth-form" method="post" onSubmit={requestCode}>
        <h1>Forgot your password?</h1>
        <p>Enter your email and we will send you a 6-digit code.</p>
        <Field label="Email" id="forgot-email" name="email" type="email" autoComplete="email" required />
        <button className="button" type="submit" disabled={!hydrated || busy}>
          Send me a code
        </button>
        <p>
          <a href="/auth/login">Back to log in</a>
        </p>
      </form>
    );
  }
  return (
    <form className="auth-form" method="post" onSubmit={reset}>
      <h1>Set a new password</h1>
      <p>We sent a code to {email}. It works for 15 minutes.</p>
      <Field label="6-digit code" id="reset-code" name="code" inputMode="numeric" pattern="\d{6}" autoComplete="one-time-code" required />
      <Field
        label="New password (at least 8 characters)"
        id="reset-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
      />
      <button className="button" type="submit" disabled={!hydrated || busy}>
        Reset password
      </button>
      <p>
        <button type="button" className="link-button" onClick={() => setEmail(null)}>
          Use another email or send a new code
        </button>
      </p>
    </form>
  );
}
