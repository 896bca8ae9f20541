import { estimatedDeliveryRange } from './delivery-estimate.ts';

/**
 * Courses sold as courses (issue 59 item 5): a course is not delivered, so it has no delivery
 * estimate, and it is paid later only where the shop takes payment at its academy.
 *
 * A cart mixing goods and courses: the goods are delivered (their estimate is shown, from the
 * goods alone) and the order is one order, so it may be paid on delivery only when the shop
 * takes payment at the academy too (the course's share is then paid with the rest, at the door);
 * its pay mode keeps the words "Pay on delivery", since a parcel still comes to the door.
 */

/** The words of pay on delivery for a cart of courses only, where the shop takes it. */
export const PAY_AT_ACADEMY_LABEL = 'Pay at the academy';

/** What a line needs to say here: whether it is a course. */
export interface CourseFlagged {
  course?: boolean | null;
}

/** True when any line is a course. */
export function hasCourse(lines: readonly CourseFlagged[]): boolean {
  return lines.some((l) => l.course === true);
}

/** True when there are lines and every one is a course (nothing is delivered). */
export function coursesOnly(lines: readonly CourseFlagged[]): boolean {
  return lines.length > 0 && lines.every((l) => l.course === true);
}

/**
 * Whether these lines may be paid on delivery: always without a course; with a course only when
 * the shop takes payment at the academy (`payAtAcademy`, a store setting, off by default).
 */
export function payOnDeliveryAllowed(
  lines: readonly CourseFlagged[],
  payAtAcademy: boolean,
): boolean {
  return payAtAcademy || !hasCourse(lines);
}

/**
 * The pay buttons offered for these lines: pay on delivery left out when it is not allowed
 * (`payOnDeliveryAllowed`), and named "Pay at the academy" for a cart of courses only.
 */
export function payButtonsForLines<B extends { button_id: string; label: string }>(
  buttons: readonly B[],
  lines: readonly CourseFlagged[],
  payAtAcademy: boolean,
): B[] {
  const allowed = payOnDeliveryAllowed(lines, payAtAcademy);
  const atAcademy = coursesOnly(lines);
  return buttons.flatMap((b) => {
    if (b.button_id !== 'payondelivery') return [b];
    if (!allowed) return [];
    return [atAcademy ? { ...b, label: PAY_AT_ACADEMY_LABEL } : b];
  });
}

/**
 * The cart's estimated delivery window: from the goods alone (a course has no delivery days of
 * its own to average in); null for a cart of courses only or with no delivery days at all.
 */
export function goodsDeliveryRange(
  lines: readonly (CourseFlagged & { delivery_days: number | null })[],
  today: Date,
): { from: Date; to: Date } | null {
  const days = lines.flatMap((l) =>
    l.course !== true && l.delivery_days !== null ? [l.delivery_days] : [],
  );
  return estimatedDeliveryRange(days, today);
}
