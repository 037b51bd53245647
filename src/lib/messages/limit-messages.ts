/**
 * Too many attempts in too short a time: what was tried too often (a value of `tooMany`, said in the same language)
 * and how long to wait.
 */
export const LIMIT_MESSAGES = {
  tooMany: (what: string, wait: string) => `Too many ${what}. Please wait ${wait} and try again.`,
  seconds: (count: number) => (count === 1 ? '1 second' : `${count} seconds`),
  minutes: (count: number) => (count === 1 ? '1 minute' : `${count} minutes`),
  passwordChecksBusy: (wait: string) => `The store is checking many passwords just now. Please wait ${wait} and try again.`,
  paymentRequestsToNumber: 'payment requests to this number',
  codesAskedFromAddress: 'codes asked from this address',
  codesAskedForNumber: 'codes asked for this number',
  codesSentToNumber: 'codes sent to this number',
  codesEnteredFromAddress: 'codes entered from this address',
  codesAskedFromDevice: 'codes asked from this device',
  codesEnteredFromDevice: 'codes entered from this device',
  loginAttemptsFromAddress: 'login attempts from this address',
  loginAttempts: 'login attempts',
  resetRequestsFromAddress: 'password reset requests from this address',
  resetRequests: 'password reset requests',
  resetRequestsForAccount: 'password reset requests for this account',
  resetAttempts: 'password reset attempts',
  wrongPasswords: 'wrong passwords',
  registrationsFromAddress: 'registrations from this address',
  performanceReportsFromAddress: 'performance reports from this address',
  errorReportsFromAddress: 'error reports from this address',
} as const;
