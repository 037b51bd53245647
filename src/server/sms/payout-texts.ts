/**
 * The vendor's text when its payout method changes, in the vendor's language: where payouts go now and where they
 * went before, numbers masked, and whom to call if the vendor did not make the change. One GSM-7 SMS.
 */
import { toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { STORE } from '../../lib/store';
import { PREFIX } from './order-texts';

export type PayoutMethodName = 'mtn_momo' | 'airtel_money' | 'bank';

/** A payout destination as a text shows it: the method and its number masked (phone or bank account). */
export type MaskedDestination = { method: PayoutMethodName; number: string };

/**
 * A number with all but its first and last few characters hidden: +25677***4567 for a phone, ***6789 for a bank
 * account. '*' rather than '•', which GSM-7 has not.
 */
export function maskedNumber(number: string, method: PayoutMethodName): string {
  const compact = number.replace(/[\s-]/g, '');
  if (method === 'bank') return `***${compact.slice(-4)}`;
  return `${compact.slice(0, 6)}***${compact.slice(-4)}`;
}

export function payoutMethodChangedText(language: Language, after: MaskedDestination, before: MaskedDestination | null): string {
  const { t, fill } = pageTranslator(language);
  const texts = t.notify.sms.payoutMethod;
  const describe = (destination: MaskedDestination) => fill(texts[destination.method], { number: destination.number });
  const values = { after: describe(after), before: before ? describe(before) : '', phone: STORE.phone };
  return toGsm7(PREFIX + fill(before ? texts.changed : texts.first, values));
}
