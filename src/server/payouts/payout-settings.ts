/**
 * How vendors are paid, as the store is configured: how many days a delivered sale stays pending (the return
 * window; PAYOUT_HOLD_DAYS, 7 unless set, 0 allowed), the smallest balance a payout sends (PAYOUT_MINIMUM,
 * UGX 10,000 unless set), and how long payouts wait after a new destination replaced an earlier one
 * (PAYOUT_METHOD_WAIT_HOURS, 24 unless set, 0 allowed).
 */
import { config } from '../config';
const DAY_MS = 24 * 60 * 60 * 1000;

export const payoutHoldDays = (): number => config.PAYOUT_HOLD_DAYS;

export const payoutMinimum = (): number => config.PAYOUT_MINIMUM;

/** When a sale delivered at `deliveredAt` may be paid out. */
export const availableFrom = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + payoutHoldDays() * DAY_MS);

export const payoutMethodWaitHours = (): number => config.PAYOUT_METHOD_WAIT_HOURS;

/** When payouts may go to a destination that replaced another at `changedAt`; null for a first destination. */
export const payoutsResumeAt = (changedAt: Date | null): Date | null => changedAt && new Date(changedAt.getTime() + payoutMethodWaitHours() * 60 * 60_000);
