/** How the translated outcome tables (./lg/outcomes, ./sw/outcomes) write the values they share with English. */
import { MOBILE_MONEY_MESSAGES } from '../messages/mobile-money-messages';

type Network = Parameters<typeof MOBILE_MONEY_MESSAGES.networkName>[0];

/** A network's name: a brand, the same in every language ("MTN Mobile Money"). */
export const networkName = MOBILE_MONEY_MESSAGES.networkName;

/** What a network's numbers are called: its brand ("an MTN number"). */
export const NUMBER_NAMES: Record<Network, string> = { mtn_momo: 'MTN', airtel_money: 'Airtel' };

/** A network's number prefixes as a list with the language's word for "or": "076, 077 oba 078". */
export function prefixList(prefixes: readonly string[], or: string): string {
  const written = prefixes.map((prefix) => `0${prefix}`);
  return written.length < 2 ? written.join('') : `${written.slice(0, -1).join(', ')} ${or} ${written.at(-1)}`;
}
