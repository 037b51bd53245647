/**
 * How long after a part's delivery its buyer may ask to return items: 7 days, as the spec promises.
 * RETURN_WINDOW_SECONDS shortens it where waiting a week is not practical (the tests of a window that has
 * passed), as MOBILE_MONEY_APPROVAL_SECONDS does for mobile money approvals.
 */
import { config } from '../config';

export function returnWindowMs(): number {
  return config.RETURN_WINDOW_SECONDS * 1000;
}
