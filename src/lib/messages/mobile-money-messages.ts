/** What a buyer paying from a phone is told: the number's checks, the approval step and why a payment failed. */
type Network = 'mtn_momo' | 'airtel_money';

const NETWORK_NAMES: Record<Network, string> = { mtn_momo: 'MTN Mobile Money', airtel_money: 'Airtel Money' };
const NUMBER_NAMES: Record<Network, string> = { mtn_momo: 'MTN', airtel_money: 'Airtel' };

/** "076, 077 or 078" */
const prefixList = (prefixes: readonly string[]) =>
  prefixes.map((prefix) => `0${prefix}`).reduce((text, prefix, i, all) => (i === 0 ? prefix : `${text}${i === all.length - 1 ? ' or ' : ', '}${prefix}`), '');

export const MOBILE_MONEY_MESSAGES = {
  networkName: (network: Network) => NETWORK_NAMES[network],
  phoneMissing: (network: Network) => `Enter the ${NETWORK_NAMES[network]} number to pay from`,
  phoneInvalid: 'Enter a Ugandan mobile number, e.g. 0772 123 456',
  wrongNetwork: (network: Network, prefixes: readonly string[] = []) =>
    `That is not an ${NUMBER_NAMES[network]} number: ${NETWORK_NAMES[network]} numbers start with ${prefixList(prefixes)}`,
  approve: 'Approve the payment on your phone',
  approveHow: (network: Network, amount: string, phone: string) =>
    `We sent a request for ${amount} to ${phone}. Enter your ${NETWORK_NAMES[network]} PIN on the phone to approve it.`,
  expired: 'The request was not approved within 5 minutes. You have not been charged; you can send a new one.',
  stillOpen: 'Your earlier payment request is still waiting on your phone. Approve or decline it there, or wait until it expires (5 minutes), then try again.',
  /** Why a network said no, in plain words (the network's own code is kept on the payment). */
  declined: 'The payment was declined on the phone. You have not been charged.',
  notEnoughMoney: 'There was not enough money on the account. Top up and try again.',
  notRegistered: (network: Network) => `This number is not registered for ${NETWORK_NAMES[network]}.`,
  limitReached: 'The account has reached its payment limit. Try a smaller amount or another number.',
  wrongPin: 'The PIN entered was wrong. You have not been charged; you can try again.',
  notApproved: 'The payment was not approved in time. You have not been charged; you can try again.',
  networkProblem: (network: Network) => `${NETWORK_NAMES[network]} could not take the payment just now. Please try again in a moment.`,
  notSetUp: (network: Network) => `${NETWORK_NAMES[network]} is not set up for this store.`,
  /** Too many requests to pay were sent to one number: nobody can flood a stranger's phone with them. */
  tooManyPrompts: (most: number, windowMinutes: number, waitMinutes: number) =>
    `One number can be sent at most ${most} payment requests in ${windowMinutes} minutes. Please wait ${waitMinutes} min and try again.`,
  /** Why a refund is left for an administrator to pay back by hand. */
  wholeRefundsOnly: (network: Network) =>
    `${NETWORK_NAMES[network]} pays back whole payments only, so this part refund is left for an administrator to pay back by hand.`,
  refundRefused: (network: Network) => `${NETWORK_NAMES[network]} did not pay this refund back, so it is left for an administrator to pay back by hand.`,
  refundWithoutId: (network: Network) =>
    `The store does not know this payment's ${NETWORK_NAMES[network]} transaction id, so the refund is left for an administrator to pay back by hand.`,
} as const;
