export const VENDOR_MESSAGES = {
  notFound: 'Vendor not found',
  loadFailed: 'Failed to load vendors',
  applied: 'Your shop application was received; the store will review it',
  created: 'Vendor created',
  updated: 'Vendor updated',
  removed: 'Vendor removed',
  alreadyVendor: 'You already have a shop; update it instead',
  notYours: 'You can only change your own shop',
} as const;
