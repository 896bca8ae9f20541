/**
 * Integer helpers shared by the money rules (delivery, coupons, GST, advance). Amounts are whole
 * paise and percentages are turned into whole basis points first, so every division below is
 * between integers and rounds exactly once.
 */

/**
 * numerator / denominator rounded half up (x.5 goes up), for a non-negative safe integer
 * numerator and a positive safe integer denominator. Computed without floats: 1234.5 -> 1235.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`Numerator must be a non-negative safe integer, got ${String(numerator)}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Denominator must be a positive safe integer, got ${String(denominator)}`);
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * A percentage with at most 2 decimals as whole basis points (12.5 % -> 1250). Throws RangeError
 * for NaN, ±Infinity, a value outside [0, max] or more than 2 decimals.
 */
export function percentToBasisPoints(percent: number, name: string, max = 100): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > max) {
    throw new RangeError(
      `${name} must be a percentage from 0 to ${String(max)}, got ${String(percent)}`,
    );
  }
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(basisPoints - percent * 100) > 1e-6) {
    throw new RangeError(`${name} may have at most 2 decimals, got ${String(percent)}`);
  }
  return basisPoints;
}

/** Throws RangeError unless `paise` is a non-negative safe integer. */
export function assertPaise(name: string, paise: number): void {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`${name} must be a non-negative integer of paise, got ${String(paise)}`);
  }
}
