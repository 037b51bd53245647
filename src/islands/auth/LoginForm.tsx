import type { FormEvent } from 'react';
import { login } from '~/stores/auth';
import { islandTranslator } from '~/lib/i18n/current';
import Field from './Field';
import { useAuthSubmit } from './use-auth-submit';
import { fillNodes } from '../fill-nodes';
import PhoneCodeForm from './PhoneCodeForm';

export default function LoginForm({ redirect }: { redirect: string | null }) {
  const { busy, disabled, submit } = useAuthSubmit(redirect);
  const { t, path } = islandTranslator();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void submit(() => login(String(form.get('username')), String(form.get('password'))), {
      success: t.auth.welcomeBack,
      fallback: t.auth.loginFallback,
    });
  }

  // The phone comes first: most shoppers have a number and no email they read.
  return (
    <div className="auth-form">
      <h1>{t.auth.logIn}</h1>
      <PhoneCodeForm redirect={redirect} />
      <form className="auth-password" method="post" onSubmit={onSubmit}>
        <h2>{t.auth.orPassword}</h2>
        <Field label={t.auth.emailOrPhone} id="login-username" name="username" autoComplete="username" autoCapitalize="none" required />
        <Field label={t.auth.password} id="login-password" name="password" type="password" autoComplete="current-password" required />
        <button className="button" type="submit" disabled={disabled}>
          {busy ? t.auth.loggingIn : t.auth.logIn}
        </button>
      </form>
      <p>
        <a href={path('/auth/forgot-password')}>{t.auth.forgotPassword}</a>
      </p>
      <p>
        {fillNodes(t.auth.newHere, {
          link: <a href={`${path('/auth/register')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>{t.auth.createAnAccount}</a>,
        })}
      </p>
    </div>
  );
}
