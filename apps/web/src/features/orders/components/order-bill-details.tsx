import type { Order, OrderRefund } from '@shop/contracts';
import { billSavings, formatInr, isCourseOnlyOrder, rupeesToPaise } from '@shop/domain';
import { inr } from '../../../lib/format.ts';

const REFUND_STATUS: Record<OrderRefund['status'], string> = {
  pending: 'in progress',
  processed: 'refunded',
  failed: 'failed',
};

/** The bill: prices, discounts, delivery, total with its GST, what is paid and due, refunds. */
export function BillDetails({ order }: { order: Order }) {
  const onDelivery = order.payment_mode === 'Pay on delivery';
  const couponPaise = rupeesToPaise(order.discountprice);
  const { productDiscountPaise: productDiscount } = billSavings({
    amountBeforeDiscountPaise: rupeesToPaise(order.amountbeforediscount),
    couponDiscountPaise: couponPaise,
    amountAfterDiscountPaise: rupeesToPaise(order.amountafterdiscount),
  });
  return (
    <section
      aria-labelledby="bill-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="bill-heading" className="text-lg font-bold text-slate-900">
        Bill details
      </h2>
      <dl
        className="grid grid-cols-[1fr_auto] gap-y-2 text-sm [&>dd:not(.col-span-2)]:pl-3"
        data-testid="bill-details"
      >
        <dt>Amount before discount</dt>
        <dd className="text-right">{inr(order.amountbeforediscount)}</dd>
        {productDiscount > 0 && (
          <>
            <dt>Product discount</dt>
            <dd className="text-right text-green-800">−{formatInr(productDiscount)}</dd>
          </>
        )}
        {order.couponapplied && couponPaise > 0 && (
          <>
            <dt>
              Coupon discount
              {order.coupon_code && <span className="text-slate-700"> ({order.coupon_code})</span>}
            </dt>
            <dd className="text-right text-green-800">−{inr(order.discountprice)}</dd>
          </>
        )}
        {!isCourseOnlyOrder(order.cart_products) && (
          <>
            <dt>Delivery charge</dt>
            <dd className="text-right">
              {order.deliveryCharge === 0 ? 'Free' : inr(order.deliveryCharge)}
            </dd>
          </>
        )}
        <dt className="border-t border-slate-200 pt-2 text-base font-bold">Total</dt>
        <dd
          className="border-t border-slate-200 pt-2 text-right text-base font-bold"
          data-testid="bill-total"
        >
          {inr(order.totalAmountbeforePay)}
        </dd>
        <dd className="col-span-2 -mt-1 text-xs text-slate-700">
          Includes GST {inr(order.tax.total_tax)}
          {order.tax.total_tax > 0 &&
            (order.tax.supply === 'intra-state'
              ? ` (CGST ${inr(order.tax.cgst)} + SGST ${inr(order.tax.sgst)})`
              : ` (IGST ${inr(order.tax.igst)})`)}
        </dd>
        {onDelivery && (
          <>
            <dt>{advanceLabel(order)}</dt>
            <dd className="text-right">{inr(order.advance)}</dd>
            <dt>Remaining (pay on delivery)</dt>
            <dd className="text-right">{inr(order.remaining_amount)}</dd>
          </>
        )}
        {order.refunds.map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </dl>
    </section>
  );
}

/**
 * The advance of a pay on delivery order is "paid" only once it was paid (issue 59 item 8): one
 * still owed is "to pay", and one an order was cancelled without paying was never paid.
 */
function advanceLabel(order: Order): string {
  if (order.advance_paid || order.advance === 0) return 'Advance paid';
  return order.orderStatus === 'Cancelled' ? 'Advance (not paid)' : 'Advance to pay';
}

function RefundRow({ refund }: { refund: OrderRefund }) {
  return (
    <>
      <dt>
        Refund <span className="text-slate-700">({REFUND_STATUS[refund.status]})</span>
        {refund.reason && <span className="block text-xs text-slate-700">{refund.reason}</span>}
      </dt>
      <dd className="text-right text-green-800">{inr(refund.amount)}</dd>
    </>
  );
}
