/** The mails about a shopper's account, in the account's language (the catalogue's `notify.mail`). */
import type { Mail } from '../mail-message';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { STORE } from '../../lib/store';

/** Who an account mail goes to: their address, first name and language. */
export type MailedAccount = { email: string; first_name: string; language: Language };

/** The mail with a password reset code, good for `minutes`. */
export function passwordResetMail(account: MailedAccount, code: string, minutes: number): Mail {
  const { t, fill, count } = pageTranslator(account.language);
  const words = t.notify.mail.passwordReset;
  return {
    to: account.email,
    subject: fill(words.subject, { store: STORE.name, code }),
    text: fill(words.text, { name: account.first_name, code, minutes: count(words.minutes, minutes), store: STORE.name }),
  };
}
