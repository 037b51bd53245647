/**
 * What a vendor is told by SMS about its payouts, in the vendor's language (users.language), GSM-7, one SMS each:
 * - its payout method changed: where payouts go now and where they went before, numbers masked, and whom to call
 *   if the vendor did not make the change;
 * - a payout reached its wallet or bank, or failed and its money went back to the balance (see order-texts.ts's
 *   `fitted`): the amount and the payout's number never cut, the reference or the reason shortened to the room left.
 */
import { toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { formatUGX } from '../../lib/money';
import { STORE } from '../../lib/store';
import { fitted, PREFIX } from './order-texts';

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

/** What a payout's text needs. `where`: the network's or bank's name the money went to. */
export type PayoutForText = { id: number; amount: number; where: string; language: Language };

const WORDS: Record<
  Language,
  {
    sent: (amount: string, where: string, id: number) => string;
    reference: string;
    failed: (amount: string, id: number) => string;
    reason: string;
    back: string;
  }
> = {
  en: {
    sent: (amount, where, id) => `payout #${id} of ${amount} was sent to your ${where}.`,
    reference: 'Ref',
    failed: (amount, id) => `payout #${id} of ${amount} could not be sent.`,
    reason: 'Reason',
    back: 'The money is back in your balance.',
  },
  lg: {
    sent: (amount, where, id) => `ssente zo #${id} eza ${amount} ziweereddwa ku ${where} yo.`,
    reference: 'Nnamba',
    failed: (amount, id) => `ssente zo #${id} eza ${amount} tezisobodde kuweerezebwa.`,
    reason: 'Ensonga',
    back: 'Ssente zizziddwayo ku akawunti yo.',
  },
  sw: {
    sent: (amount, where, id) => `malipo #${id} ya ${amount} yametumwa kwa ${where} yako.`,
    reference: 'Kumb',
    failed: (amount, id) => `malipo #${id} ya ${amount} hayakuweza kutumwa.`,
    reason: 'Sababu',
    back: 'Pesa zimerudishwa kwenye salio lako.',
  },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The vendor's text when a payout is completed, with the network's or bank's reference as far as it fits. */
export function payoutSentText(payout: PayoutForText, reference: string): string {
  const words = WORDS[payout.language];
  const sent = `${PREFIX}${capitalised(words.sent(formatUGX(payout.amount, payout.language), payout.where, payout.id))}`;
  return fitted(reference, [(ref) => (ref ? `${sent} ${words.reference}: ${ref}` : sent), () => sent]);
}

/** The vendor's text when a payout failed: the money is back in the balance; the reason as far as it fits. */
export function payoutFailedText(payout: PayoutForText, reason: string): string {
  const words = WORDS[payout.language];
  const failed = `${PREFIX}${capitalised(words.failed(formatUGX(payout.amount, payout.language), payout.id))}`;
  return fitted(reason, [(why) => (why ? `${failed} ${words.reason}: ${why}. ${words.back}` : `${failed} ${words.back}`), () => `${failed} ${words.back}`]);
}
