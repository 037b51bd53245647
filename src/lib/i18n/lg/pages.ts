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
  undoPayoutChange: {
    title: "Sazaamu enkyukakyuka y'ensasula yo",
    lead: "Ssente z'osasulwa zaakyusibwa okugenda ku {drops} mu kifo kya {restores}. Bw'oba si ggwe eyakola enkyukakyuka eno, gisazeemu: ssente zo zijja kuddayo ku {restores}.",
    button: 'Sazaamu enkyukakyuka',
    after: "Oluvannyuma kyusa ekigambo kyo eky'ekyama, era tukubire ku {phone} bw'oba si ggwe eyakola enkyukakyuka.",
  },
};

export default pages;
