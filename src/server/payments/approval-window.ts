/**
 * How long the store waits for a buyer to approve a mobile money request on the phone: five minutes, as the
 * networks do. MOBILE_MONEY_APPROVAL_SECONDS shortens it where waiting five minutes is not practical (the
 * tests of an expired request); the networks' fakes are given the same time.
 */
import { config } from '../config';

export function approvalWindowMs(): number {
  return config.MOBILE_MONEY_APPROVAL_SECONDS * 1000;
}
