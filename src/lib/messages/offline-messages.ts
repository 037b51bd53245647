/** What the store says about a phone that has lost its connection. */
export const OFFLINE_MESSAGES = {
  /** Above a page the phone kept, shown while the connection is gone or too slow. */
  showingKeptPage: 'You are offline — showing the page as you last saw it',
  offlinePageTitle: 'You are offline',
  offlinePageLead: 'This page has not been saved on your phone yet. Connect to the internet and try again.',
  recentProductsHeading: 'Products you looked at recently',
  recentProductsNote: 'These pages are saved on your phone and open without a connection.',
  noRecentProducts: 'Products you look at while online are saved here, so you can see them again without a connection.',
  checkoutNeedsConnection: 'Placing an order needs a connection. Your cart and details are kept: connect to the internet and try again.',
} as const;
