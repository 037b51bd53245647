/**
 * What a vendor is told by SMS when a payout reaches its wallet or bank, or fails and its money goes back to
 * the balance: in the vendor's language (users.language), GSM-7, one SMS (see order-texts.ts's `fitted`),
 * the amount and the payout's number never cut, the reference or the reason shortened to the room left.
 */
import type { Language } from '../../lib/i18n/languages';
import { formatUGX } from '../../lib/money';
import { fitted, PREFIX } from './order-texts';

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
