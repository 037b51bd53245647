import type { IslandTexts } from '../en/islands';

const errors: IslandTexts['errors'] = {
  screen: {
    title: 'Lo! Kuna hitilafu',
    lead: 'Samahani: kuna kitu kimeacha kufanya kazi. Kujaribu tena kwa kawaida husaidia.',
    errorId: 'Nambari ya hitilafu',
    time: 'Muda',
    tryAgain: 'Jaribu Tena',
    goHome: 'Nenda Mwanzo',
    reload: 'Pakia Upya',
    pageTitle: 'Kuna hitilafu',
    pageDescription: 'Ukurasa huu haukuweza kuonyeshwa.',
  },
  offline: {
    showingKeptPage: 'Hauko mtandaoni — unaona ukurasa kama ulivyouona mara ya mwisho',
    pageTitle: 'Hauko mtandaoni',
    pageLead: 'Ukurasa huu bado haujahifadhiwa kwenye simu yako. Unganisha intaneti kisha ujaribu tena.',
    recentProductsHeading: 'Bidhaa ulizotazama hivi karibuni',
    recentProductsNote: 'Kurasa hizi zimehifadhiwa kwenye simu yako na hufunguka bila mtandao.',
    noRecentProducts: 'Bidhaa unazotazama ukiwa mtandaoni huhifadhiwa hapa, ili uzione tena bila mtandao.',
    tryAgain: 'Jaribu tena',
  },
};

export default errors;
