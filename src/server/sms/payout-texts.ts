/**
 * A vendor's texts about its money, in the vendor's language (users.language), one GSM-7 SMS each: its payout
 * method changed (where payouts go now and went before, numbers masked, whom to call if the vendor did not make the
 * change), and a payout completed or failed (the amount and the payout's number never cut, the reference or the
 * reason shortened to the room left, see order-texts.ts's `fitted`).
 */
import { toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import { formatUGX } from '../../lib/money';
import { maskedNumber } from '../../lib/phone-on-record';
import { STORE } from '../../lib/store';
import type { PayoutMethodName } from '../payouts/payout-accounts';
import { fitted, PREFIX } from './order-texts';

/** A payout destination as a text shows it: the method and its number masked (phone or bank account). */
export type MaskedDestination = { method: PayoutMethodName; number: string };

export { maskedNumber };

/** Where payouts go now and went before; with `undoLink`, the link that puts the earlier destination back. */
export function payoutMethodChangedText(language: Language, after: MaskedDestination, before: MaskedDestination | null, undoLink?: string): string {
  const { t, fill } = pageTranslator(language);
  const texts = t.notify.sms.payoutMethod;
  const describe = (destination: MaskedDestination) => fill(texts[destination.method], { number: destination.number });
  const values = { after: describe(after), before: before ? describe(before) : '', phone: STORE.phone, link: undoLink ?? '' };
  return toGsm7(PREFIX + fill(!before ? texts.first : undoLink ? texts.changedUndo : texts.changed, values));
}

/** What a payout's text needs. `where`: the network's or bank's name the money went to. */
export type PayoutForText = { id: number; amount: number; where: string; language: Language };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function payoutWords(payout: PayoutForText) {
  const { t, fill } = pageTranslator(payout.language);
  const texts = t.notify.sms.payout;
  const values = { id: String(payout.id), amount: formatUGX(payout.amount, payout.language), where: payout.where };
  return { texts, sent: PREFIX + capitalised(fill(texts.sent, values)), failed: PREFIX + capitalised(fill(texts.failed, values)) };
}

/** The vendor's text when a payout is completed, with the network's or bank's reference as far as it fits. */
export function payoutSentText(payout: PayoutForText, reference: string): string {
  const { texts, sent } = payoutWords(payout);
  return fitted(reference, [(ref) => (ref ? `${sent} ${texts.reference}: ${ref}` : sent), () => sent]);
}

/** The vendor's text when a payout failed: the money is back in the balance; the reason as far as it fits. */
export function payoutFailedText(payout: PayoutForText, reason: string): string {
  const { texts, failed } = payoutWords(payout);
  const back = `${failed} ${texts.back}`;
  return fitted(reason, [(why) => (why ? `${failed} ${texts.reason}: ${why}. ${texts.back}` : back), () => back]);
}
