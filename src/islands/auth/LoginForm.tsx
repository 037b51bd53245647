import type { FormEvent } from 'react';
import { login } from '~/stores/auth';
import Field from './Field';
import { useAuthSubmit } from './use-auth-submit';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';

export default function LoginForm({ redirect }: { redirect: string | null }) {
  const { busy, disabled, submit } = useAuthSubmit(redirect);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void submit(() => login(String(form.get('email')), String(form.get('password'))), {
      success: 'Welcome back!',
      fallback: ACCOUNT_MESSAGES.loginFallback,
    });
  }

  return (
    <form className="auth-form" method="post" onSubmit={onSubmit}>
      <h1>Log in</h1>
      <Field label="Email" id="login-email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" id="login-password" name="password" type="password" autoComplete="current-password" required />
      <button className="button" type="submit" disabled={disabled}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <p>
        <a href="/auth/forgot-password">Forgot your password?</a>
      </p>
      <p>
        New to the store? <a href={`/auth/register${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>Create an account</a>
      </p>
    </form>
  );
}
