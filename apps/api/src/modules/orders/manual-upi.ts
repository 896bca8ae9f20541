import type { UpiPayment } from '@shop/contracts';
import { manualPayStateOf, MANUAL_UPI_MODE, paiseToRupees, upiPayLink } from '@shop/domain';
import { upiQrSvg } from '../../lib/upi-qr.ts';
import type { OrderRow } from './orders-repository.ts';

/** The payment mode of a manual UPI order (decision 0039). */
export const MANUAL_UPI = MANUAL_UPI_MODE;

/**
 * How to pay a manual UPI order: the shop's UPI ID and payee, the `upi://pay` link for the
 * order's amount with the order's short number as its note, the link as a QR code (SVG, drawn on
 * the server by `qrcode`, so the page needs no QR code of its own), the shop's own QR image when
 * it uploaded one (checked to pay its UPI ID), and where the payment stands.
 */
export async function manualUpiPayment(
  row: OrderRow,
  shop: { upiId: string; payeeName: string; qrImage: string },
  /** The order's short number (`UR-10423`, decision 0040): the note the shop sees in its bank. */
  orderNumber: string,
): Promise<UpiPayment> {
  const note = `Order ${orderNumber}`;
  const link = upiPayLink({
    upiId: shop.upiId,
    payeeName: shop.payeeName,
    amountPaise: row.amountToPayPaise,
    note,
  });
  const qr = await upiQrSvg(link);
  return {
    order_id: row.id,
    receipt_id: row.receiptId,
    order_number: orderNumber,
    amount: paiseToRupees(row.amountToPayPaise),
    upi_id: shop.upiId,
    payee_name: shop.payeeName,
    note,
    link,
    qr_svg: qr,
    qr_image: shop.qrImage,
    utr: row.utr,
    state: manualPayStateOf(row),
    orderStatus: row.orderStatus,
  };
}
