import type { Texts } from '../en';

const pages: Texts['pages'] = {
  notTranslated: 'Olupapula luno terunnavvuunulwa mu Luganda: lulagiddwa mu Lungereza.',
  lastUpdated: 'Lwasembayo okukyusibwa',
  questionsAndAnswers: "Ebibuuzo n'okuddibwamu",
};

export default pages;
