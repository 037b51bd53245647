import type { Outcomes } from '../../en/outcomes';

const limit: Outcomes['limit'] = {
  tooMany: (what, wait) => `Osusizza omuwendo gw'${what} ogukkirizibwa. Linda ${wait} olyoke ogezeeko nate.`,
  seconds: (count) => `sekondi ${count}`,
  minutes: (count) => `eddakiika ${count}`,
  passwordChecksBusy: (wait) => `Edduuka likyakebera ebigambo by'ekyama bingi mu kaseera kano. Linda ${wait} olyoke ogezeeko nate.`,
  paymentRequestsToNumber: 'okusaba okusasula okuweerezeddwa ku nnamba eno',
  codesAskedFromAddress: 'okusaba koodi okuva ku ndagiriro eno',
  codesAskedForNumber: 'okusaba koodi ku nnamba eno',
  codesSentToNumber: 'okuweereza koodi ku nnamba eno',
  codesEnteredFromAddress: 'okuyingiza koodi okuva ku ndagiriro eno',
  codesAskedFromDevice: 'okusaba koodi okuva ku kyuma kino',
  codesEnteredFromDevice: 'okuyingiza koodi okuva ku kyuma kino',
  loginAttemptsFromAddress: 'okugezaako okuyingira okuva ku ndagiriro eno',
  loginAttempts: 'okugezaako okuyingira',
  resetRequestsFromAddress: "okusaba okukyusa ekigambo ky'ekyama okuva ku ndagiriro eno",
  resetRequests: "okusaba okukyusa ekigambo ky'ekyama",
  resetRequestsForAccount: "okusaba okukyusa ekigambo ky'ekyama ku kawunti eno",
  resetAttempts: "okugezaako okukyusa ekigambo ky'ekyama",
  wrongPasswords: "okuyingiza ekigambo ky'ekyama ekikyamu",
  registrationsFromAddress: 'okwewandiisa okuva ku ndagiriro eno',
  performanceReportsFromAddress: "okuweereza lipoota z'obwangu okuva ku ndagiriro eno",
  errorReportsFromAddress: "okuweereza lipoota z'ensobi okuva ku ndagiriro eno",
};

export default limit;
