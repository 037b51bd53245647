/** Who may sell or run the store (spec section 6). */
export const ROLE_MESSAGES = {
  adminOnly: 'Only an administrator can do this',
  sellersOnly: 'Only a vendor or an administrator can do this',
  awaitingApproval: 'Your vendor account is waiting for approval by the store',
  notActive: 'Your vendor account is not active; contact the store',
  editorsOnly: 'Only a marketer or an administrator can edit the store’s pages',
  /** Follows the name of a field only an administrator may send. */
  adminSetsThis: 'only an administrator sets this',
} as const;
