/** How often each account action may be tried, per caller address, per account, and per both. */
import type { Limit } from '../rate-limit';

const MINUTE = 60_000;

export const LIMITS = {
  // Failed logins on one account from one address: stops a guesser there, never the owner elsewhere.
  loginFailuresPerAccountAndAddress: { limit: 10, windowMs: 15 * MINUTE },
  // Failed logins from one address on any account: generous, as many shoppers share one carrier-grade NAT address.
  loginFailuresPerAddress: { limit: 100, windowMs: 15 * MINUTE },
  // Failed logins on one account from all addresses before each further attempt is slowed (LOGIN_BRAKE).
  loginFailuresBeforeBrake: { limit: 20, windowMs: 15 * MINUTE },
  // New accounts from one address: a family or a shop signs up a few, a script making hundreds is stopped.
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  // Reset mails for one account asked from one address: a stranger's requests stop here, the owner's do not.
  resetRequestPerAccountAndAddress: { limit: 3, windowMs: 60 * MINUTE },
  // Reset mails asked from one address for any accounts: stops one address mailing many inboxes.
  resetRequestPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  // Reset mails to one inbox: a cap on mail bombing, high enough that a stranger needs 7 addresses to reach it.
  resetRequestPerAccount: { limit: 20, windowMs: 60 * MINUTE },
  // Reset codes entered from one address: each code also allows only 5 tries, this stops trying many codes.
  resetAttemptPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  // Wrong current passwords when changing it: someone holding a logged-in phone cannot guess their way to owning the account.
  passwordChangeFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  // Each of these counts login codes and reset codes apart: a stranger spending one budget leaves the other whole.
  // Texted codes for one number asked from one address: a stranger's requests stop here, the owner's do not.
  phoneCodePerNumberAndAddress: { limit: 3, windowMs: 15 * MINUTE },
  // Texted codes asked from one address for any numbers: generous for a carrier-grade NAT, stops one address texting many phones.
  phoneCodePerAddress: { limit: 30, windowMs: 60 * MINUTE },
  // Texted codes to one number asked by anyone but the account's own browsers: nobody can flood a phone.
  phoneCodePerNumber: { limit: 6, windowMs: 60 * MINUTE },
  // Texted codes to one number asked from a browser its account has logged in from (its signed device cookie): counted
  // apart from everyone else's, so strangers using up the limits above never stop the owner asking from there.
  phoneCodePerNumberFromOwnDevice: { limit: 20, windowMs: 60 * MINUTE },
  // Texted codes entered from one address: each code also allows only 5 tries, this stops trying many numbers' codes.
  phoneCodeAttemptPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  // Texted codes entered from a browser the number's account has logged in from, counted apart from its address's.
  phoneCodeAttemptFromOwnDevice: { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/** How long each login attempt waits once an account is braked: doubling from the first wait up to the longest. */
export const LOGIN_BRAKE = { firstWaitMs: 1_000, longestWaitMs: 8_000 } as const;
