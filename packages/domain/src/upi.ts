import { paiseToRupees } from './money.ts';

/**
 * Manual UPI payment (the spec's `paymanual`): the shop's UPI ID (a VPA,
 * `name@bank`), the `upi://pay` link its QR code carries, and the customer's 12-digit UTR.
 */

/** The payment mode of an order paid to the shop's UPI ID and confirmed by the shop. */
export const MANUAL_UPI_MODE = 'Pay by UPI';

export const UPI_MESSAGES = {
  upiIdInvalid:
    'Enter the UPI ID like shopname@okbank (letters, digits, dot, dash or underscore, then @ and the bank handle).',
  utrInvalid: 'Enter the 12-digit UTR (the reference number your UPI app shows for the payment).',
  awaitingConfirmation: 'Awaiting payment confirmation',
  awaitingPayment: 'Waiting for your UPI payment',
  qrUnreadable:
    'No UPI QR code found in this picture. Upload the QR image from your bank or UPI app, or a sharp, straight photo of the printed QR.',
} as const;

/**
 * A UPI virtual payment address: 2 to 256 of letters, digits, `.`, `-`, `_`, then `@` and a
 * bank handle of 2 to 64 letters (NPCI's form; handles such as `okhdfcbank`, `ybl`, `paytm`).
 */
const UPI_ID = /^[a-z0-9._-]{2,256}@[a-z]{2,64}$/;

export type UpiIdCheck = { ok: true; upiId: string } | { ok: false; message: string };

/** Checks a UPI ID typed by the owner; UPI IDs are case-insensitive, so it is kept lower case. */
export function checkUpiId(input: string): UpiIdCheck {
  const upiId = input.trim().toLowerCase();
  return UPI_ID.test(upiId)
    ? { ok: true, upiId }
    : { ok: false, message: UPI_MESSAGES.upiIdInvalid };
}

export type UtrCheck = { ok: true; utr: string } | { ok: false; message: string };

/** A UPI payment's UTR (its 12-digit reference number), spaces and dashes as typed removed. */
export function checkUtr(input: string): UtrCheck {
  const utr = input.replace(/[\s-]/g, '');
  return /^[0-9]{12}$/.test(utr)
    ? { ok: true, utr }
    : { ok: false, message: UPI_MESSAGES.utrInvalid };
}

/**
 * The `upi://pay` link of a payment to the shop (NPCI's deep-link form): `pa` the UPI ID, `pn`
 * the payee's name, `am` the amount in rupees with 2 decimals, `cu` INR and `tn` the note (the
 * order's reference, so the shop sees which order a credit in its bank is for). Every UPI app
 * opens it, and the QR code at checkout is this link.
 */
export function upiPayLink(p: {
  upiId: string;
  payeeName: string;
  amountPaise: number;
  note: string;
}): string {
  const q = [
    ['pa', p.upiId],
    ['pn', p.payeeName],
    ['am', paiseToRupees(p.amountPaise).toFixed(2)],
    ['cu', 'INR'],
    ['tn', p.note],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  return `upi://pay?${q}`;
}

/** What a UPI QR code's `upi://pay` link says: the payee's UPI ID (`pa`) and name (`pn`). */
export interface UpiLinkPayee {
  upiId: string;
  payeeName: string;
}

/**
 * The payee of a `upi://pay?pa=…&pn=…` link (a QR code's text, any case of the scheme), its UPI ID
 * lower-cased as `checkUpiId` keeps it; null for any other text or a link without a valid `pa`.
 */
export function parseUpiPayLink(text: string): UpiLinkPayee | null {
  const t = text.trim();
  if (!/^upi:\/\/pay\?/i.test(t)) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(t.slice(t.indexOf('?') + 1));
  } catch {
    return null;
  }
  const id = checkUpiId(params.get('pa') ?? '');
  if (!id.ok) return null;
  return { upiId: id.upiId, payeeName: (params.get('pn') ?? '').trim() };
}

export type UpiQrCheck = { ok: true; payee: UpiLinkPayee } | { ok: false; message: string };

/**
 * Whether a QR code's text (null: no QR code found in the picture) pays the shop's UPI ID:
 * the same `pa`, compared as UPI IDs are (case-insensitive). The refusal names both IDs.
 */
export function checkUpiQr(qrText: string | null, upiId: string): UpiQrCheck {
  const payee = qrText === null ? null : parseUpiPayLink(qrText);
  if (!payee) return { ok: false, message: UPI_MESSAGES.qrUnreadable };
  const wanted = checkUpiId(upiId);
  if (!wanted.ok) return { ok: false, message: UPI_MESSAGES.upiIdInvalid };
  if (payee.upiId !== wanted.upiId) {
    return {
      ok: false,
      message: `This QR code pays ${payee.upiId}, not the UPI ID ${wanted.upiId} above. Upload the QR code of ${wanted.upiId}, or correct the UPI ID.`,
    };
  }
  return { ok: true, payee };
}

/** The ₹1 test payment's note: the owner pays it to check the UPI ID reaches the shop's bank. */
export const UPI_TEST_NOTE = 'Test payment';

export type ManualPayState = 'awaiting-payment' | 'awaiting-confirmation' | 'paid' | 'cancelled';

/**
 * Where a manual UPI order stands: waiting for the customer's payment (no UTR yet), waiting for
 * the shop to see the money (a UTR was entered), paid (confirmed), or cancelled (rejected).
 */
export function manualPayStateOf(o: {
  paymentStatus: string;
  orderStatus: string;
  utr: string | null;
}): ManualPayState {
  if (
    o.paymentStatus === 'Success' ||
    o.paymentStatus === 'Refund pending' ||
    o.paymentStatus === 'Refunded'
  ) {
    return o.orderStatus === 'Cancelled' ? 'cancelled' : 'paid';
  }
  if (o.orderStatus === 'Cancelled') return 'cancelled';
  return o.utr ? 'awaiting-confirmation' : 'awaiting-payment';
}
