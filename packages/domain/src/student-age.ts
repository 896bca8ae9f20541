/**
 * A student's age and whether their admission needs a parent's consent (DPDP Act 2023 s.9: a
 * child is under 18; issue 61 item 4). Dates are calendar days written YYYY-MM-DD; `today` is
 * the academy's day (India's), which the caller passes in.
 */

/** The age of adulthood under the DPDP Act 2023 (s.2(f): a child has not completed 18 years). */
export const ADULT_AGE = 18;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  // A real day of the calendar (no 2023-02-30).
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return [y, mo, d];
}

/**
 * Completed years from `dob` to `today` (a birthday counts on its day; one on 29 February counts
 * on 1 March in other years); null when either is not a real day or `dob` is after `today`.
 */
export function ageOn(dob: string, today: string): number | null {
  const b = parts(dob);
  const t = parts(today);
  if (!b || !t) return null;
  if (dob > today) return null;
  const beforeBirthday = t[1] < b[1] || (t[1] === b[1] && t[2] < b[2]);
  return t[0] - b[0] - (beforeBirthday ? 1 : 0);
}

/**
 * Whether an admission for a student born on `dob` needs a parent's verifiable consent on
 * `today`: under 18, or no readable date of birth (the age unknown is treated as a child's).
 */
export function needsParentConsent(dob: string, today: string): boolean {
  const age = ageOn(dob, today);
  return age === null || age < ADULT_AGE;
}

/** An instant's day in India (UTC+5:30) as YYYY-MM-DD: the day an age is told on. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
