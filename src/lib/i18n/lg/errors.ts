import type { IslandTexts } from '../en/islands';

const errors: IslandTexts['errors'] = {
  screen: {
    title: 'Woops! Waliwo ekitagenze bulungi',
    lead: 'Tusonyiwe: waliwo ekilekedde awo okukola. Okugezaako nate kitera okuyamba.',
    errorId: "Ennamba y'ensobi",
    time: 'Essaawa',
    tryAgain: 'Gezaako nate',
    goHome: 'Dda awaka',
    reload: 'Ddamu otikke olupapula',
    pageTitle: 'Waliwo ekitagenze bulungi',
    pageDescription: 'Olupapula luno terusobodde kulagibwa.',
  },
  offline: {
    showingKeptPage: 'Toli ku mutimbagano — olaba olupapula nga bwe walulabako omulundi ogwasembayo',
    pageTitle: 'Toli ku mutimbagano',
    pageLead: 'Olupapula luno terunnaterekebwa ku ssimu yo. Yunga ku mutimbagano ogezeeko nate.',
    recentProductsHeading: "Ebintu by'otunuulidde gye buvuddeko",
    recentProductsNote: 'Empapula zino ziterekeddwa ku ssimu yo era zigguka nga tolina mutimbagano.',
    noRecentProducts: "Ebintu by'otunuulira ng'oli ku mutimbagano biterekebwa wano, osobole okubiraba nate nga tolina mutimbagano.",
    tryAgain: 'Gezaako nate',
  },
};

export default errors;
