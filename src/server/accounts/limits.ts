/** How often each account action may be tried, per caller address and per account. */
import type { Limit } from '../http/rate-limit';

const MINUTE = 60_000;

export const LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetRequestPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetRequestPerAccount: { limit: 3, windowMs: 15 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
