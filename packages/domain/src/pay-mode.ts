/** The payment buttons a store can configure (catalogue-and-cart §2, accounts-checkout-payments §4). */
export type PayButtonId = 'paymanual' | 'paynow' | 'payondelivery';

const PAY_MODE_PRIORITY: readonly PayButtonId[] = ['paymanual', 'paynow', 'payondelivery'];

/**
 * The pay mode chosen on the cart: paymanual, then paynow, then payondelivery, among the buttons
 * present whose status is absent (undefined or null) or exactly 'Active'. Null when none is left.
 */
export function defaultPayMode(
  buttons: readonly { button_id: string; status?: string | null }[],
): PayButtonId | null {
  const active = new Set(
    buttons.filter((b) => b.status == null || b.status === 'Active').map((b) => b.button_id),
  );
  return PAY_MODE_PRIORITY.find((id) => active.has(id)) ?? null;
}
