import type { Texts } from '../en';

const pages: Texts['pages'] = {
  notTranslated: 'Olupapula luno terunnavvuunulwa mu Luganda: lulagiddwa mu Lungereza.',
  lastUpdated: 'Lwasembayo okukyusibwa',
  questionsAndAnswers: "Ebibuuzo n'okuddibwamu",
  commissionRates: {
    category: 'Ekika',
    commission: 'Kamisoni',
    everythingElse: 'Ebirala byonna',
    example:
      "Okugeza: otunda engatto ku {price}. Kamisoni eri {rate}, kwe kugamba {commission}. Ofuna {net} ku mobile money oba ku akawunti yo eya bbanka. Omuguzi bw'azzaayo engatto mu nnaku 7, tewali kamisoni era tewali ssente z'ofuna ku kintu ekyo.",
  },
};

export default pages;
