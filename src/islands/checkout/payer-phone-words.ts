/**
 * Why a number cannot pay through a mobile money network, in the page's language: the checkout page says it
 * before the order goes. The English is the table's (MOBILE_MONEY_MESSAGES), the same the API would answer.
 */
import { islandTranslator } from '~/lib/i18n/current';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { NETWORK_PREFIXES, payerPhoneFault, type MobileMoneyGateway } from '~/lib/mobile-money';

/** What each network's numbers are called: brand names, the same in every language. */
const NUMBERS_OF: Record<MobileMoneyGateway, string> = { mtn_momo: 'MTN', airtel_money: 'Airtel' };

/** "076, 077 or 078", with the language's word for "or". */
function listWithOr(items: readonly string[], or: string): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)}`;
}

/** Why `phone` cannot pay through `gateway`, in the page's language, or null when it can. */
export function payerPhoneWords(gateway: MobileMoneyGateway, phone: string): string | null {
  const fault = payerPhoneFault(gateway, phone);
  if (!fault) return null;
  const { t, fill } = islandTranslator();
  const network = MOBILE_MONEY_MESSAGES.networkName(gateway);
  if (fault === 'missing') return fill(t.checkout.phoneMissing, { network });
  if (fault === 'invalid') return t.checkout.phoneInvalid;
  const prefixes = listWithOr(
    NETWORK_PREFIXES[gateway].map((prefix) => `0${prefix}`),
    t.checkout.or,
  );
  return fill(t.checkout.wrongNetwork, { network, numbers: NUMBERS_OF[gateway], prefixes });
}
