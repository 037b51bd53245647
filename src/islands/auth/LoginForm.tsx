import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, login } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { safeRedirect } from '~/lib/redirect';
import Field from './Field';
import { useHydrated } from '../use-hydrated';

export default function LoginForm({ redirect }: { redirect: string | null }) {
  const { isLoading } = useStore($auth);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const ok = await login(String(form.get('email')), String(form.get('password')));
    setBusy(false);
    if (!ok) {
      showToast($auth.get().error ?? 'Login failed. Please try again.', 'error');
      return;
    }
    showToast('Welcome back!', 'success');
    window.location.assign(safeRedirect(redirect));
  }

  return (
    <form className="auth-form" method="post" onSubmit={onSubmit}>
      <h1>Log in</h1>
      <Field label="Email" id="login-email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" id="login-password" name="password" type="password" autoComplete="current-password" required />
      <button className="button" type="submit" disabled={!hydrated || busy || isLoading}>
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
