/** The vendor dashboard's form refusals: what a vendor or an administrator left out of a form there. */
export const DASHBOARD_MESSAGES = {
  chooseReturn: 'Choose a return',
  chooseMarketer: 'Choose a marketer and what to do',
  chooseVendor: 'Choose a vendor and what to do',
  confirmDelete: (product: string) => `Tick "Yes, delete ${product}" to confirm`,
  chooseRefund: 'Choose a refund',
  chooseOrder: 'Choose an order',
  choosePartStatus: 'Choose what the part becomes',
  chooseRuling: 'Choose delivered or not delivered',
  trackingNoteTooLong: (max: number) => `Tracking note: at most ${max} characters`,
} as const;
