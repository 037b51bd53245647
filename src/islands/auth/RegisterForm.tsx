import { useEffect, type FormEvent } from 'react';
import { $auth, register, restoreAuth } from '~/stores/auth';
import { safeRedirect } from '~/lib/login-redirect';
import Field from './Field';
import { useAuthSubmit } from './use-auth-submit';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';

export default function RegisterForm({ redirect }: { redirect: string | null }) {
  const { busy, disabled, submit } = useAuthSubmit(redirect);

  // Guest only: someone already logged in goes back where they came from, or to their account.
  useEffect(() => {
    void restoreAuth().then(() => {
      if ($auth.get().isAuthenticated) window.location.replace(safeRedirect(redirect));
    });
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const registration = {
      first_name: String(form.get('first_name')),
      last_name: String(form.get('last_name')),
      email: String(form.get('email')),
      password: String(form.get('password')),
      newsletter: form.get('newsletter') === 'on',
    };
    void submit(() => register(registration), { success: ACCOUNT_MESSAGES.accountReady, fallback: ACCOUNT_MESSAGES.registrationFallback });
  }

  return (
    <form className="auth-form" method="post" onSubmit={onSubmit}>
      <h1>Create your account</h1>
      <div className="field-row">
        <Field label="First name" id="register-first-name" name="first_name" autoComplete="given-name" required maxLength={60} />
        <Field label="Last name" id="register-last-name" name="last_name" autoComplete="family-name" required maxLength={60} />
      </div>
      <Field label="Email" id="register-email" name="email" type="email" autoComplete="email" required />
      <Field
        label="Password (at least 8 characters)"
        id="register-password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
      />
      <label className="check">
        <input type="checkbox" name="newsletter" /> Send me deals and news by email
      </label>
      <button className="button" type="submit" disabled={disabled}>
        {busy ? 'Creating your account…' : 'Sign up'}
      </button>
      <p>
        Already have an account? <a href={`/auth/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>Log in</a>
      </p>
    </form>
  );
}
