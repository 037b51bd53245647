/** Who the store is: one place for the name and contact details shown on every page and in the manifest. */
export const STORE = {
  name: 'Duuka',
  tagline: "Uganda's marketplace",
  city: 'Kampala',
  address: 'Plot 24, Kampala Road, Kampala, Uganda',
  phone: '+256 700 123 456',
  whatsapp: '+256 770 123 456',
  email: 'support@duuka.ug',
} as const;

/** The store's colour: the browser's bar, the installed app's splash and its maskable icon. */
export const THEME_COLOUR = '#0b6e4f';

/** How to pay by hand (the manual gateway): shown on the payment page until the store confirms the money. */
export const MANUAL_PAYMENT = {
  mobileMoney: [
    { network: 'MTN Mobile Money', number: '0772 123 456', name: 'Duuka Ltd' },
    { network: 'Airtel Money', number: '0752 123 456', name: 'Duuka Ltd' },
  ],
  bank: { bank: 'Stanbic Bank Uganda', branch: 'Kampala Road', account: '9030 0123 45678', name: 'Duuka Ltd' },
  /** Put this before the order number in the payment's reference. */
  referencePrefix: 'DUUKA',
} as const;
