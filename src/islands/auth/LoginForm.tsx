import type { FormEvent } from 'react';
import { login } from '~/stores/auth';
import { islandTranslator } from '~/lib/i18n/current';
import Field from './Field';
import { useAuthSubmit } from './use-auth-submit';
import { fillNodes } from '../fill-nodes';

export default function LoginForm({ redirect }: { redirect: string | null }) {
  const { busy, disabled, submit } = useAuthSubmit(redirect);
  const { t, path } = islandTranslator();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void submit(() => login(String(form.get('email')), String(form.get('password'))), {
      success: t.auth.welcomeBack,
      fallback: t.auth.loginFallback,
    });
  }

  return (
    <form className="auth-form" method="post" onSubmit={onSubmit}>
      <h1>{t.auth.logIn}</h1>
      <Field label={t.auth.email} id="login-email" name="email" type="email" autoComplete="username" required />
      <Field label={t.auth.password} id="login-password" name="password" type="password" autoComplete="current-password" required />
      <button className="button" type="submit" disabled={disabled}>
        {busy ? t.auth.loggingIn : t.auth.logIn}
      </button>
      <p>
        <a href={path('/auth/forgot-password')}>{t.auth.forgotPassword}</a>
      </p>
      <p>
        {fillNodes(t.auth.newHere, {
          link: <a href={`${path('/auth/register')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>{t.auth.createAnAccount}</a>,
        })}
      </p>
    </form>
  );
}
