/**
 * How long after a part's delivery its buyer may ask to return items: 7 days, as the spec promises.
 * RETURN_WINDOW_SECONDS shortens it where waiting a week is not practical (the tests of a window that has
 * passed), as MOBILE_MONEY_APPROVAL_SECONDS does for mobile money approvals.
 */
import { RETURN_WINDOW_MS } from '../../lib/return-rules';

export function returnWindowMs(): number {
  const seconds = Number(process.env.RETURN_WINDOW_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : RETURN_WINDOW_MS;
}
