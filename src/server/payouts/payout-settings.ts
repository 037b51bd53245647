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

/** Days a buyer has to dispute a part delivered without its handover code (DELIVERY_CONFIRM_DAYS, 3 unless set). */
export const deliveryConfirmDays = (): number => config.DELIVERY_CONFIRM_DAYS;

/**
 * When the earnings of a part delivered at `deliveredAt` may be paid out: after the return window, and for a part
 * delivered without its handover code not before the buyer's days to dispute it have passed.
 */
export const partEarningsFrom = (deliveredAt: Date, confirmed: boolean): Date =>
  new Date(deliveredAt.getTime() + (confirmed ? payoutHoldDays() : Math.max(payoutHoldDays(), deliveryConfirmDays())) * DAY_MS);

/** When a part delivered at `deliveredAt` without its code can no longer be disputed by its buyer. */
export const disputeClosesAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + deliveryConfirmDays() * DAY_MS);

/** The most a vendor may owe before cash on delivery is switched off for its items (COD_CREDIT_LIMIT). */
export const codCreditLimit = (): number => config.COD_CREDIT_LIMIT;

/**
 * Where a disputed part's earnings wait: far beyond any real date, so they are neither pending nor available
 * until an administrator rules.
 */
export const FROZEN_UNTIL = new Date('9999-12-31T00:00:00Z');

export const payoutMethodWaitHours = (): number => config.PAYOUT_METHOD_WAIT_HOURS;

/** When payouts may go to a destination that replaced another at `changedAt`; null for a first destination. */
export const payoutsResumeAt = (changedAt: Date | null): Date | null => changedAt && new Date(changedAt.getTime() + payoutMethodWaitHours() * 60 * 60_000);
