import type { Texts } from '../en';

const pages: Texts['pages'] = {
  notTranslated: 'Ukurasa huu bado haujatafsiriwa kwa Kiswahili: unaonyeshwa kwa Kiingereza.',
  lastUpdated: 'Ilisasishwa mara ya mwisho',
  questionsAndAnswers: 'Maswali na majibu',
};

export default pages;
