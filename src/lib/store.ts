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
