/**
 * The texts with a one-time code (to log in or sign up, to set a new password, or to prove a change to payouts or a
 * phone), in the account's language.
 * Short enough for one GSM-7 SMS in every language; the code comes first so a phone can offer to fill it in.
 */
import { toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { STORE } from '../../lib/store';
import type { CodePurpose } from '../events/store-events';

/** The text carrying `code`, good for `minutes`. */
export function phoneCodeText(language: Language, purpose: CodePurpose | 'change', code: string, minutes: number): string {
  const { t, fill } = pageTranslator(language);
  return toGsm7(fill(t.notify.sms.code[purpose], { code, store: STORE.name, minutes: String(minutes) }));
}
