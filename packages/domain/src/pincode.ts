/** A pincode needs at least this many characters (after trimming) to be checked. */
export const PINCODE_MIN_LENGTH = 5;

/**
 * The pincode delivery check (catalogue-and-cart §5, accounts-checkout-payments §5):
 * - fewer than 5 characters after trimming: "Please enter a valid pincode";
 * - an empty list of active pincodes means delivery is available;
 * - otherwise the pincode must be in the list: "Delivery available to {pin}" or
 *   "Sorry, delivery is not available to {pin}".
 * The pin and the list entries are compared trimmed; {pin} is the trimmed pin.
 * `activePincodes` are the store's active pincodes (the caller drops inactive ones).
 */
export function checkPincode(
  pin: string,
  activePincodes: readonly string[],
): { ok: boolean; message: string } {
  const trimmed = pin.trim();
  if (trimmed.length < PINCODE_MIN_LENGTH) {
    return { ok: false, message: 'Please enter a valid pincode' };
  }
  const available = activePincodes.length === 0 || activePincodes.some((p) => p.trim() === trimmed);
  return available
    ? { ok: true, message: `Delivery available to ${trimmed}` }
    : { ok: false, message: `Sorry, delivery is not available to ${trimmed}` };
}
