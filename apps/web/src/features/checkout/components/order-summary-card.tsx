import { CHECKOUT_MESSAGES, type PaymentSummary } from '@shop/contracts';
import { billSavings, formatInr, isCourseOnlyOrder, rupeesToPaise } from '@shop/domain';
import { inr } from '../../../lib/format.ts';

/**
 * The server's summary of the order, as POST /payment/summary answered it. Only differences of
 * its figures are shown besides them: the product discount and "You saved" (`billSavings`). GST is shown as what the total includes
 * (docs/spec-deviations.md).
 */
export function OrderSummaryCard({
  summary,
  updating,
}: {
  summary: PaymentSummary;
  updating: boolean;
}) {
  const { productDiscountPaise: productDiscount, savedPaise: saved } = billSavings({
    amountBeforeDiscountPaise: rupeesToPaise(summary.amountbeforediscount),
    couponDiscountPaise: rupeesToPaise(summary.discountprice),
    amountAfterDiscountPaise: rupeesToPaise(summary.amountafterdiscount),
  });
  const onDelivery = summary.payment_mode === 'Pay on delivery';
  // No shipping address yet: the charge is not known until there is one (issue 59 item 7).
  // Not deliverable there: no charge to show, and not "Free".
  const noDelivery = !summary.orderable && summary.field === 'shipping_address';
  const noAddressYet = noDelivery && summary.reason === CHECKOUT_MESSAGES.chooseShipping;
  // Courses only: nothing is delivered, so no delivery line at all (not "Free"), as on the order.
  const delivered = !isCourseOnlyOrder(summary.lines);
  return (
    <section
      aria-labelledby="summary-heading"
      aria-busy={updating}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="order-summary"
    >
      <h2 id="summary-heading" className="text-lg font-bold text-slate-900">
        Order summary
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Items">
        {summary.lines.map((line) => (
          <li key={line.product_sku} className="flex items-start justify-between gap-3 text-sm">
            <span className="min-w-0 text-slate-800">
              <span className="font-medium break-words">{line.product_name}</span>
              {Object.values(line.variation_attributes).length > 0 && (
                <span className="text-slate-700">
                  {' '}
                  ({Object.values(line.variation_attributes).join(', ')})
                </span>
              )}{' '}
              <span className="whitespace-nowrap text-slate-700">× {line.quantity}</span>
            </span>
            <span className="shrink-0 font-medium">{inr(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 border-t border-slate-200 pt-3 text-sm">
        <dt>Amount before discount</dt>
        <dd className="text-right">{inr(summary.amountbeforediscount)}</dd>
        {productDiscount > 0 && (
          <>
            <dt>Product discount</dt>
            <dd className="text-right text-green-800">−{formatInr(productDiscount)}</dd>
          </>
        )}
        {summary.discountprice > 0 && (
          <>
            <dt>
              Coupon discount
              {summary.coupon_code && (
                <span className="text-slate-700"> ({summary.coupon_code})</span>
              )}
            </dt>
            <dd className="text-right text-green-800">−{inr(summary.discountprice)}</dd>
          </>
        )}
        {delivered && (
          <>
            {/* The distance it is priced by is the shop's business, never shown to shoppers. */}
            <dt>Delivery charge</dt>
            {/* Narrow, so a sentence here wraps in its own cell, not the labels beside it. */}
            <dd className="max-w-44 justify-self-end text-right">
              {noAddressYet
                ? 'Calculated after you choose an address'
                : noDelivery
                  ? 'Not available'
                  : summary.free_delivery || summary.deliveryCharge === 0
                    ? 'Free'
                    : inr(summary.deliveryCharge)}
            </dd>
          </>
        )}
        <dt className="text-base font-bold">Total</dt>
        <dd className="text-right text-base font-bold" data-testid="summary-total">
          {inr(summary.totalAmountbeforePay)}
        </dd>
        <dd className="col-span-2 -mt-1 text-xs text-slate-700">
          Includes GST {inr(summary.tax.total_tax)}
          {summary.tax.total_tax > 0 &&
            (summary.tax.supply === 'intra-state'
              ? ` (CGST ${inr(summary.tax.cgst)} + SGST ${inr(summary.tax.sgst)})`
              : ` (IGST ${inr(summary.tax.igst)})`)}
        </dd>
        {onDelivery && (
          <>
            <dt className="font-semibold">Advance (pay now, {summary.delivery_percentage}%)</dt>
            <dd className="text-right font-semibold" data-testid="summary-advance">
              {inr(summary.advance)}
            </dd>
            <dt>Remaining (pay on delivery)</dt>
            <dd className="text-right" data-testid="summary-remaining">
              {inr(summary.remaining_amount)}
            </dd>
          </>
        )}
      </dl>
      {saved > 0 && (
        <p className="rounded-lg bg-green-50 p-2 text-sm font-semibold text-green-900">
          You saved {formatInr(saved)}
        </p>
      )}
    </section>
  );
}
