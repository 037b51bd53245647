/** What administrators and vendors are told about payouts, runs and holds (the dashboard's texts stay English). */
export const PAYOUT_RUN_MESSAGES = {
  notFound: 'Payout not found',
  alreadySettled: (status: string) => `This payout is already ${status === 'COMPLETED' ? 'paid' : 'failed'}`,
  runStarted: 'Payout run finished',
  payouts: 'Payouts',
  markedPaid: 'Payout marked paid',
  markedFailed: 'Payout marked failed',
  vendorNotFound: 'Vendor not found',
  held: 'Payouts held',
  released: 'Payouts released',
  notHeld: 'This vendor’s payouts are not held',
  holds: 'Held vendors',
  callbackUnknown: 'No payout with this reference',
  beingSent: 'This payout is being sent or checked right now: try again in a minute',
  networkStillSending: 'The network is still sending this payout: it cannot be marked failed until the network says so',
  networkSilent: 'The network did not answer, so this payout cannot be marked failed yet: try again later',
} as const;
