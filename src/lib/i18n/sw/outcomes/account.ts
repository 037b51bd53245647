import type { Outcomes } from '../../en/outcomes';

const account: Outcomes['account'] = {
  loggedIn: 'Umeingia kwa mafanikio',
  loginFailed: 'Kuingia kumeshindikana: barua pepe au nenosiri si sahihi',
  loginFallback: 'Kuingia kumeshindikana. Tafadhali jaribu tena.',
  suspended: 'Kuingia kumeshindikana: akaunti hii imesimamishwa. Tafadhali wasiliana nasi.',
  noToken: 'Hakuna tokeni ya kuingia iliyopokelewa kutoka kwa seva',
  registered: 'Usajili umefanikiwa',
  accountReady: 'Akaunti yako iko tayari',
  registrationFallback: 'Usajili umeshindikana. Tafadhali jaribu tena.',
  emailTaken: 'Usajili umeshindikana: tayari kuna akaunti yenye barua pepe hii',
  resetSent: 'Msimbo wa kubadilisha nenosiri umetumwa kwenye barua pepe yako',
  resetSendFailed: 'Imeshindikana kutuma barua pepe ya kubadilisha nenosiri',
  resetDone: 'Nenosiri limebadilishwa',
  resetFallback: 'Imeshindikana kubadilisha nenosiri',
  resetFailed: 'Imeshindikana kubadilisha nenosiri: msimbo si sahihi au muda wake umekwisha',
  resetTooManyAttempts: 'Imeshindikana kubadilisha nenosiri: misimbo mingi isiyo sahihi. Omba msimbo mpya.',
  profileUpdated: 'Wasifu umesasishwa',
  profileFailed: 'Imeshindikana kusasisha wasifu',
  profileEmailTaken: 'Imeshindikana kusasisha wasifu: akaunti nyingine inatumia barua pepe hii',
  loginFailedPhone: 'Kuingia kumeshindikana: nambari ya simu au nenosiri si sahihi',
  phoneTaken: 'Usajili umeshindikana: tayari kuna akaunti inayotumia nambari hii ya simu',
  phoneInvalid: 'lazima iwe nambari ya simu ya Uganda kama 0772 123 456',
  emailOrPhoneRequired: 'Usajili umeshindikana: weka nambari ya simu au barua pepe',
  codeSent: 'Tumetuma msimbo kwa SMS. Unafanya kazi kwa dakika 10.',
  codeFailed: 'Kuingia kumeshindikana: msimbo si sahihi au muda wake umekwisha',
  codeTooManyAttempts: 'Kuingia kumeshindikana: misimbo mingi isiyo sahihi. Omba msimbo mpya.',
  resetSentPhone: 'Msimbo wa kubadilisha nenosiri umetumwa kwa simu yako',
};

export default account;
