import type { Texts } from '../en';

const pages: Texts['pages'] = {
  notTranslated: 'Ukurasa huu bado haujatafsiriwa kwa Kiswahili: unaonyeshwa kwa Kiingereza.',
  lastUpdated: 'Ilisasishwa mara ya mwisho',
  questionsAndAnswers: 'Maswali na majibu',
  commissionRates: {
    category: 'Aina',
    commission: 'Kamisheni',
    everythingElse: 'Vinginevyo vyote',
    example:
      'Mfano: unauza jozi ya viatu kwa {price}. Kamisheni ni {rate}, yaani {commission}. Unapokea {net} kwenye mobile money au akaunti yako ya benki. Mnunuzi akirudisha viatu ndani ya siku 7, hakuna kamisheni na hakuna malipo kwa bidhaa hiyo.',
  },
  undoPayoutChange: {
    title: 'Tengua badiliko la malipo yako',
    lead: 'Malipo yako yalibadilishwa kwenda {drops} badala ya {restores}. Ikiwa hukufanya badiliko hili, litengue: malipo yako yatarudi {restores}.',
    button: 'Tengua badiliko',
    after: 'Kisha badilisha nenosiri lako, na utupigie kwa {phone} ikiwa hukufanya badiliko hili.',
  },
};

export default pages;
