import type { Outcomes } from '../../en/outcomes';

const limit: Outcomes['limit'] = {
  tooMany: (what, wait) => `Umefikia kikomo cha ${what}. Tafadhali subiri ${wait} kisha ujaribu tena.`,
  seconds: (count) => `sekunde ${count}`,
  minutes: (count) => `dakika ${count}`,
  passwordChecksBusy: (wait) => `Duka linakagua manenosiri mengi kwa sasa. Tafadhali subiri ${wait} kisha ujaribu tena.`,
  paymentRequestsToNumber: 'maombi ya malipo kwa namba hii',
  codesAskedFromAddress: 'maombi ya misimbo kutoka anwani hii',
  codesAskedForNumber: 'maombi ya misimbo kwa namba hii',
  codesSentToNumber: 'misimbo iliyotumwa kwa namba hii',
  codesEnteredFromAddress: 'misimbo iliyoingizwa kutoka anwani hii',
  codesAskedFromDevice: 'maombi ya misimbo kutoka kifaa hiki',
  codesEnteredFromDevice: 'misimbo iliyoingizwa kutoka kifaa hiki',
  loginAttemptsFromAddress: 'majaribio ya kuingia kutoka anwani hii',
  loginAttempts: 'majaribio ya kuingia',
  resetRequestsFromAddress: 'maombi ya kubadilisha nenosiri kutoka anwani hii',
  resetRequests: 'maombi ya kubadilisha nenosiri',
  resetRequestsForAccount: 'maombi ya kubadilisha nenosiri kwa akaunti hii',
  resetAttempts: 'majaribio ya kubadilisha nenosiri',
  wrongPasswords: 'manenosiri yasiyo sahihi',
  registrationsFromAddress: 'usajili kutoka anwani hii',
  performanceReportsFromAddress: 'ripoti za utendaji kutoka anwani hii',
  errorReportsFromAddress: 'ripoti za hitilafu kutoka anwani hii',
};

export default limit;
