/**
 * How long the store waits for a buyer to approve a mobile money request on the phone: five minutes, as the
 * networks do. MOBILE_MONEY_APPROVAL_SECONDS shortens it where waiting five minutes is not practical (the
 * tests of an expired request); the networks' fakes are given the same time.
 */
import { APPROVAL_WINDOW_MS } from '../../lib/mobile-money';

export function approvalWindowMs(): number {
  const seconds = Number(process.env.MOBILE_MONEY_APPROVAL_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : APPROVAL_WINDOW_MS;
}
