import type {
  PayNowPaidResponse,
  PayNowResponse,
  PayOnDeliveryResponse,
  RazorpayOrder,
} from '@shop/contracts';
import { paiseToRupees } from '@shop/domain';
import { MANUAL_UPI } from './manual-upi.ts';
import type { PlacedOrder } from './orders-repository.ts';

/**
 * What placing answers of an order to pay online (its gateway order), paid as placed (a ₹0
 * order) or paid on delivery (with its advance's gateway order, if any).
 */
export function placedAnswer(
  order: PlacedOrder,
  razorpayOrder: RazorpayOrder | null,
  orderNumber: string,
): PayNowResponse | PayNowPaidResponse | PayOnDeliveryResponse {
  const total = paiseToRupees(order.totalAmountPaise);
  if (order.paymentMode === 'Pay now' || order.paymentMode === MANUAL_UPI) {
    if (!razorpayOrder) {
      // A ₹0 order (fully discounted): paid as placed, no gateway order; the web goes
      // straight to the success page.
      return {
        success: true,
        order_id: order.id,
        receipt_id: order.receiptId,
        order_number: orderNumber,
        totalAmountbeforePay: total,
        status: 'Success',
      };
    }
    return {
      success: true,
      razorpay_order: razorpayOrder,
      order_id: order.id,
      receipt_id: order.receiptId,
      order_number: orderNumber,
      totalAmountbeforePay: total,
    };
  }
  return {
    success: true,
    order_id: order.id,
    receipt_id: order.receiptId,
    order_number: orderNumber,
    ...(razorpayOrder && { razorpay_order: razorpayOrder }),
    totalAmountbeforePay: total,
    advance: paiseToRupees(order.amountToPayPaise),
    remaining_amount: paiseToRupees(order.remainingAmountPaise),
  };
}
