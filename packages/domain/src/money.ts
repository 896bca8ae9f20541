/** An amount of money in paise (1 rupee = 100 paise). Always an integer inside the system. */
export type Paise = number;

/** Whole paise: rounds a stray fraction (half up), turns -0 into 0, rejects NaN and ±Infinity. */
function wholePaise(paise: number): number {
  if (!Number.isFinite(paise)) {
    throw new RangeError(`Not an amount of paise: ${String(paise)}`);
  }
  return Math.round(paise) + 0;
}

/**
 * Paise to rupees with at most 2 decimals, for the API edge: 129900 -> 1299, 12345 -> 123.45.
 * A fractional paise value is first rounded to whole paise. Throws RangeError for NaN/±Infinity.
 */
export function paiseToRupees(paise: Paise): number {
  // An integer divided by 100 is the double nearest to the 2-decimal value, so String(result) is
  // exactly that figure (123.45, never 123.45000000000002).
  return wholePaise(paise) / 100;
}

/**
 * Rupees to integer paise, rounding half up at the third decimal of the number as written.
 *
 * The rounding works on the number's shortest decimal form (what `String(rupees)` shows, i.e. what
 * a person typed or the API sent) rather than on the binary float: 19.99 -> 1999, 0.1 + 0.2 -> 30,
 * and 1.005 -> 101 (a plain `Math.round(1.005 * 100)` gives 100, because 1.005 * 100 is
 * 100.49999999999999 in binary). We choose 101 because it matches the written amount.
 *
 * Throws RangeError for NaN, ±Infinity, negative amounts and amounts too large for exact paise.
 */
export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees) || rupees < 0) {
    throw new RangeError(`Not an amount of rupees: ${String(rupees)}`);
  }
  // Shift the decimal point two places in the decimal string (exponent form included: 1e-7,
  // 1e+21), then round once.
  const [mantissa = '0', exponent = '0'] = String(rupees).split('e');
  const paise = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`)) + 0;
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`Amount of rupees too large: ${String(rupees)}`);
  }
  return paise;
}

/**
 * Indian digit grouping of a whole number's digits: the last three, then pairs ("123456" ->
 * "1,23,456"), as `Intl.NumberFormat('en-IN')` groups them.
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Paise as rupees with Indian digit grouping and the rupee sign: whole rupees without decimals
 * ("₹1,23,456"), anything else with 2 decimals ("₹1,299.50"); negative amounts as "-₹200".
 * With `alwaysPaise` every amount keeps its 2 decimals ("₹1,23,456.00"), as a tax invoice shows it.
 * A fractional paise value is first rounded to whole paise. Throws RangeError for NaN/±Infinity.
 *
 * Written out rather than with `Intl.NumberFormat('en-IN', { style: 'currency' })` (the same
 * text; the tests compare the two): a page's first use of `Intl` costs 20–80 ms in Chrome while
 * it loads its locale data, and prices are on nearly every first screen (issue 29, Lighthouse's
 * Total Blocking Time).
 */
export function formatInr(paise: Paise, { alwaysPaise = false } = {}): string {
  const whole = wholePaise(paise);
  // BigInt: exact digits at any size (String() of a double past 1e21 is exponent form).
  const amount = BigInt(Math.abs(whole));
  const rupees = groupIndian(String(amount / 100n));
  const fraction = amount % 100n;
  const decimals = fraction === 0n && !alwaysPaise ? '' : `.${String(fraction).padStart(2, '0')}`;
  return `${whole < 0 ? '-' : ''}₹${rupees}${decimals}`;
}
