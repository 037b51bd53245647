import { useEffect, type FormEvent } from 'react';
import { $auth, register, restoreAuth } from '~/stores/auth';
import { safeRedirect } from '~/lib/login-redirect';
import Field, { PhoneNumberField } from './Field';
import { useAuthSubmit } from './use-auth-submit';
import { islandTranslator } from '~/lib/i18n/current';
import { fillNodes } from '../fill-nodes';
import PhoneCodeForm from './PhoneCodeForm';

export default function RegisterForm({ redirect }: { redirect: string | null }) {
  const { busy, disabled, submit } = useAuthSubmit(redirect);
  const { t, path } = islandTranslator();

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
      email: String(form.get('email')).trim(),
      phone_number: String(form.get('phone_number')).trim(),
      password: String(form.get('password')),
      newsletter: form.get('newsletter') === 'on',
    };
    void submit(() => register(registration), { success: t.auth.accountReady, fallback: t.auth.registrationFallback });
  }

  // A texted code is the quickest way in (the account is made with it); a password account is the other way.
  return (
    <div className="auth-form">
      <h1>{t.auth.createYourAccount}</h1>
      <PhoneCodeForm redirect={redirect} />
      <form className="auth-password" method="post" onSubmit={onSubmit}>
        <h2>{t.auth.orSignUpWithPassword}</h2>
        <div className="field-row">
          <Field label={t.auth.firstName} id="register-first-name" name="first_name" autoComplete="given-name" required maxLength={60} />
          <Field label={t.auth.lastName} id="register-last-name" name="last_name" autoComplete="family-name" required maxLength={60} />
        </div>
        <p className="cart-line-options" id="register-reach">
          {t.auth.phoneOrEmail}
        </p>
        <PhoneNumberField label={t.auth.phoneNumber} id="register-phone" aria-describedby="register-reach" />
        <Field label={t.auth.email} id="register-email" name="email" type="email" autoComplete="email" aria-describedby="register-reach" />
        <Field label={t.auth.passwordRule} id="register-password" name="password" type="password" autoComplete="new-password" required minLength={8} />
        <label className="check">
          <input type="checkbox" name="newsletter" /> {t.auth.newsletter}
        </label>
        <button className="button" type="submit" disabled={disabled}>
          {busy ? t.auth.creatingAccount : t.auth.signUp}
        </button>
      </form>
      <p>
        {fillNodes(t.auth.haveAccount, {
          link: <a href={`${path('/auth/login')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}>{t.auth.logIn}</a>,
        })}
      </p>
    </div>
  );
}
