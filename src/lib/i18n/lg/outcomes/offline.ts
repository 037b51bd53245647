import type { Outcomes } from '../../en/outcomes';

const offline: Outcomes['offline'] = {
  showingKeptPage: 'Toli ku intaneeti — tukulaga omuko nga bwe wagulaba omulundi ogusembayo',
  offlinePageTitle: 'Toli ku intaneeti',
  offlinePageLead: 'Omuko guno tegunnaterekebwa ku ssimu yo. Yunga ku intaneeti ogezeeko nate.',
  recentProductsHeading: "Ebintu by'olabyeko gye buvuddeko",
  recentProductsNote: 'Empapula zino ziterekeddwa ku ssimu yo era zigguka nga tewali intaneeti.',
  noRecentProducts: "Ebintu by'olaba ng'oli ku intaneeti biterekebwa wano, osobole okubiddamu okulaba nga tewali intaneeti.",
  checkoutNeedsConnection: "Okuteeka oda kwetaaga intaneeti. Ekikapu kyo n'ebikukwatako bikuumiddwa: yunga ku intaneeti ogezeeko nate.",
};

export default offline;
