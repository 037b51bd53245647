/** What a vendor is told about its payout method (the vendor dashboard, English like the other staff screens). */
export const PAYOUT_METHOD_MESSAGES = {
  saved: 'Payout method saved',
  read: 'Payout method',
  vendorsOnly: 'Only a vendor can choose where its payouts go',
  notYours: 'You can only see your own payout method',
  vendorIdRequired: 'vendor_id: name the vendor whose payout method to read',
  noSuchVendor: 'vendor_id: no vendor has this id',
  phoneMissing: (network: 'mtn_momo' | 'airtel_money') => `Enter the ${network === 'mtn_momo' ? 'MTN Mobile Money' : 'Airtel Money'} number your payouts go to`,
  bankFieldsMissing: (fields: string) => `A bank payout needs ${fields}`,
  accountNumberInvalid: 'account_number: letters, digits, spaces or dashes, 5 to 34 of them',
} as const;
