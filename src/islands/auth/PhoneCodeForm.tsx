import type { FormEvent } from 'react';
import { islandTranslator } from '~/lib/i18n/current';
import Field, { PhoneNumberField } from './Field';
import { usePhoneCode } from './use-phone-code';

/** "Continue with your phone number": the number, then the texted code; the first step of logging in and signing up. */
export default function PhoneCodeForm({ redirect }: { redirect: string | null }) {
  const code = usePhoneCode(redirect);
  const { t, fill } = islandTranslator();

  function onNumber(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void code.sendCode(String(new FormData(event.currentTarget).get('phone_number')));
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    code.verify(String(new FormData(event.currentTarget).get('code')).trim());
  }

  if (code.phone === null) {
    return (
      <form key="number" className="phone-code" method="post" onSubmit={onNumber} aria-labelledby="phone-code-heading">
        <h2 id="phone-code-heading">{t.auth.phoneFirst}</h2>
        <p>{t.auth.phoneLead}</p>
        <PhoneNumberField
          label={t.auth.phoneNumber}
          id="phone-code-number"
          placeholder="0772 123 456"
          required
          aria-invalid={code.problem ? true : undefined}
          aria-describedby={code.problem ? 'phone-code-problem' : undefined}
        />
        {code.problem && (
          <p className="form-problem" id="phone-code-problem" role="alert">
            {code.problem}
          </p>
        )}
        <button className="button" type="submit" disabled={code.disabled}>
          {code.sending ? t.auth.sendingCode : t.auth.textMeACode}
        </button>
      </form>
    );
  }
  return (
    <form key="code" className="phone-code" method="post" onSubmit={onCode} aria-labelledby="phone-code-heading">
      <h2 id="phone-code-heading">{t.auth.phoneFirst}</h2>
      <p>{fill(t.auth.phoneCodeSent, { phone: code.phone })}</p>
      <Field label={t.auth.code} id="phone-code-code" name="code" inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="one-time-code" required />
      <button className="button" type="submit" disabled={code.disabled}>
        {code.verifying ? t.auth.checkingCode : t.auth.continueWithCode}
      </button>
      <p>
        <button type="button" className="link-button" onClick={code.startOver}>
          {t.auth.anotherNumber}
        </button>
      </p>
    </form>
  );
}
