import type { Outcomes } from '../../en/outcomes';

const offline: Outcomes['offline'] = {
  showingKeptPage: 'Uko nje ya mtandao — tunaonyesha ukurasa kama ulivyouona mara ya mwisho',
  offlinePageTitle: 'Uko nje ya mtandao',
  offlinePageLead: 'Ukurasa huu bado haujahifadhiwa kwenye simu yako. Unganisha kwenye intaneti kisha ujaribu tena.',
  recentProductsHeading: 'Bidhaa ulizotazama hivi karibuni',
  recentProductsNote: 'Kurasa hizi zimehifadhiwa kwenye simu yako na hufunguka bila mtandao.',
  noRecentProducts: 'Bidhaa unazotazama ukiwa mtandaoni huhifadhiwa hapa, ili uweze kuziona tena bila mtandao.',
  checkoutNeedsConnection: 'Kuweka oda kunahitaji mtandao. Kikapu chako na maelezo yako yamehifadhiwa: unganisha kwenye intaneti kisha ujaribu tena.',
};

export default offline;
