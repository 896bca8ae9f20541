/** A pincode needs at least this many characters (after trimming) to be checked. */
export const PINCODE_MIN_LENGTH = 5;

/** A store's active pincodes as `servesPincode` reads them: trimmed, in a set. */
export function pincodeSet(activePincodes: readonly string[]): ReadonlySet<string> {
  return new Set(activePincodes.map((p) => p.trim()));
}

/**
 * Whether a store whose active pincodes are `activePincodes` (see `pincodeSet`) delivers to
 * `pin`: a store listing none delivers everywhere; otherwise the trimmed pin must be listed.
 */
export function servesPincode(pin: string, activePincodes: ReadonlySet<string>): boolean {
  return activePincodes.size === 0 || activePincodes.has(pin.trim());
}

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
  return servesPincode(trimmed, pincodeSet(activePincodes))
    ? { ok: true, message: `Delivery available to ${trimmed}` }
    : { ok: false, message: `Sorry, delivery is not available to ${trimmed}` };
}

/** An Indian pincode as a store lists it: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

export interface PincodeListLine {
  /** 1-based line number in the text. */
  line: number;
  text: string;
  message: string;
}

/**
 * Pincodes from pasted text or a CSV file's text: one or more a line, separated by commas,
 * semicolons, tabs or spaces; cells may be quoted; the first line's words (a header such as
 * "pincode,status"), an "Active"/"Inactive" cell (a status column: the caller sets the status)
 * and empty lines are skipped. Each line with a cell that is not a pincode is reported (with its
 * number) and none of its cells is taken. Repeats are taken once, in first-seen order.
 */
export function parsePincodeList(text: string): { pincodes: string[]; errors: PincodeListLine[] } {
  const seen = new Set<string>();
  const errors: PincodeListLine[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const cells = raw
      .split(/[,;\t ]+/)
      .map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter((c) => c !== '');
    const found: string[] = [];
    for (const cell of cells) {
      if (PINCODE_PATTERN.test(cell)) found.push(cell);
      else if ((i === 0 && /^[A-Za-z_]+$/.test(cell)) || /^(active|inactive)$/i.test(cell))
        continue;
      else {
        errors.push({
          line: i + 1,
          text: raw.trim().slice(0, 80),
          message: `"${cell.slice(0, 20)}" is not a pincode (6 digits, not starting with 0).`,
        });
        return;
      }
    }
    for (const pin of found) seen.add(pin);
  });
  return { pincodes: [...seen], errors };
}
