/**
 * The store's commission in whole UGX. Rates are kept in basis points (hundredths of a percent: 8.5% is 850).
 *
 * A part's commission is the exact sum of its lines' gross × rate / 10000 rounded half up once, then shared
 * among the lines by largest remainder (each line gets its rounded-down share, the shillings left go to the
 * lines with the largest fractions, the earlier line first on a tie), so the lines always add up to the part's
 * rounded total: no shilling is lost or invented however many lines there are.
 */

export const MAX_BASIS_POINTS = 10_000;

/** A percent as basis points, or why it is not a rate: at most two decimals, from 0 to 100. */
export function percentToBasisPoints(percent: unknown): { basisPoints: number } | { problem: string } {
  const text = typeof percent === 'number' ? String(percent) : typeof percent === 'string' ? percent.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    return { problem: /^\d+\.\d{3,}$/.test(text) ? 'at most two decimals' : 'must be a percent from 0 to 100' };
  }
  const [whole, fraction = ''] = text.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (basisPoints > MAX_BASIS_POINTS) return { problem: 'must be a percent from 0 to 100' };
  return { basisPoints };
}

/** Basis points as the percent the API shows (850 → 8.5). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * Shares `total` whole shillings among parts in proportion to `weights` (whole numbers ≥ 0), by largest
 * remainder; the shares always add up to `total`. All weights zero: all to the first part.
 */
export function shareByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  return apportion(
    total,
    weights.map((weight) => total * weight),
    sum,
  );
}

/**
 * Each part's `exact[i] / denominator` rounded down, then the shillings that `total` has beyond them, one each,
 * to the parts with the largest fractions (the earlier part first on a tie).
 */
function apportion(total: number, exact: readonly number[], denominator: number): number[] {
  const shares = exact.map((value) => Math.floor(value / denominator));
  const byFraction = exact.map((value, i) => ({ i, fraction: value - shares[i]! * denominator })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** `numerator / denominator` rounded half up, for whole numbers ≥ 0. */
const roundHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The commission of each line of a part (gross in UGX, rate in basis points), adding up to the part's rounded total. */
export function commissionOfLines(lines: readonly { gross: number; basisPoints: number }[]): number[] {
  const exact = lines.map((line) => line.gross * line.basisPoints);
  const total = roundHalfUp(
    exact.reduce((a, b) => a + b, 0),
    MAX_BASIS_POINTS,
  );
  return apportion(total, exact, MAX_BASIS_POINTS);
}

/**
 * The commission a return gives back for `returnedNow` units of a line that earned `commission` over
 * `quantity` units, after `returnedBefore` units came back in earlier returns. Measured on the running total,
 * so once every unit is back the line's whole commission is, to the shilling.
 */
export function returnedCommission(commission: number, quantity: number, returnedBefore: number, returnedNow: number): number {
  const upTo = (units: number) => roundHalfUp(commission * Math.min(units, quantity), quantity);
  return upTo(returnedBefore + returnedNow) - upTo(returnedBefore);
}
