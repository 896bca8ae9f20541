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

/**
 * The pay buttons a shopper is offered, on the cart and at checkout alike: a shop without gateway
 * keys (`onlinePayments` false) takes nothing online, so no Pay now, and Pay on delivery only when
 * it asks no advance (`advancePercent` 0; unknown: not offered); Pay by UPI needs no gateway but
 * is not offered for an admission (decision 0039).
 */
export function offeredPayButtons<B extends { button_id: string }>(
  buttons: readonly B[],
  shop: { onlinePayments: boolean; advancePercent: number | undefined; admission: boolean },
): B[] {
  const cashOnly = !shop.onlinePayments && shop.advancePercent === 0;
  return buttons.filter(
    (b) =>
      (b.button_id === 'paymanual' && !shop.admission) ||
      (b.button_id === 'paynow' && shop.onlinePayments) ||
      (b.button_id === 'payondelivery' && (shop.onlinePayments || cashOnly)),
  );
}

/**
 * The pay modes a shop has switched on (paymanual, paynow, payondelivery in that order): its pay
 * buttons that are on, Pay by UPI (paymanual) only once the shop's UPI ID is saved (decision
 * 0039); unknown ids are left out.
 * A shop needs one of them before its buttons can be saved. Whether a shopper is offered each is
 * `offeredPayButtons`.
 */
export function switchedOnPayModes(
  buttons: readonly { button_id: string; active: boolean }[],
  upiId: string,
): PayButtonId[] {
  const on = new Set(buttons.filter((b) => b.active).map((b) => b.button_id));
  return PAY_MODE_PRIORITY.filter(
    (id) => on.has(id) && (id !== 'paymanual' || upiId.trim() !== ''),
  );
}
