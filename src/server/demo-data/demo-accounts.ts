/**
 * Accounts of the demo store that the README names, so a person can try the vendor dashboard, the
 * administrator's calls and the marketer's page editor. Only the demo catalogue has them; a real store starts with SEED_ON_START=0.
 */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@duuka.example', password: 'Duuka-Admin-2026' },
  vendor: { email: 'vendor@duuka.example', password: 'Duuka-Vendor-2026' },
  marketer: { email: 'marketer@duuka.example', password: 'Duuka-Marketer-2026' },
} as const;
