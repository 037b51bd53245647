import { useState } from 'react';
import { loginWithCode, requestLoginCode } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { ugandanE164 } from '~/lib/mobile-money';
import { islandTranslator } from '~/lib/i18n/current';
import { useAuthSubmit } from './use-auth-submit';

/**
 * Logging in (or signing up) with a texted code: the number first, then its code. The number is checked here
 * before it is sent, so a typo costs no SMS; the server's answer is the same for a number with or without an account.
 */
export function usePhoneCode(redirect: string | null) {
  const { busy: verifying, disabled, submit } = useAuthSubmit(redirect);
  const [phone, setPhone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function sendCode(typed: string) {
    const { t } = islandTranslator();
    const number = ugandanE164(typed);
    if (!number) {
      setProblem(t.auth.phoneInvalid);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      await requestLoginCode(number);
      showToast(t.auth.codeSentToast, 'success');
      setPhone(typed.trim());
    } catch (error) {
      showToast((error as Error).message || t.auth.loginFallback, 'error');
    } finally {
      setSending(false);
    }
  }

  function verify(code: string) {
    const { t } = islandTranslator();
    void submit(() => loginWithCode(phone!, code), { success: t.auth.welcomeBack, fallback: t.auth.loginFallback });
  }

  return {
    /** The number the code went to, as typed; null while asking for the number. */
    phone,
    sendCode,
    verify,
    /** Back to the number, to correct it or ask again. */
    startOver: () => setPhone(null),
    sending,
    verifying,
    disabled: disabled || sending,
    /** What is wrong with the number typed. */
    problem,
  };
}
