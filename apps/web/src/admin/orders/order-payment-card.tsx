import type { ReactNode } from 'react';
import type { AdminOrder } from '@shop/contracts';
import { billSavings, formatInr, rupeesToPaise } from '@shop/domain';
import { inr } from '../../lib/format.ts';
import { DeskCard } from './order-desk-card.tsx';

/** The order's money: payment, discounts, delivery, totals, what is paid and due, tax, refunds. */
export function OrderPaymentCard({ order }: { order: AdminOrder }) {
  const { productDiscountPaise } = billSavings({
    amountBeforeDiscountPaise: rupeesToPaise(order.amountbeforediscount),
    couponDiscountPaise: rupeesToPaise(order.discountprice),
    amountAfterDiscountPaise: rupeesToPaise(order.amountafterdiscount),
  });
  return (
    <DeskCard title="Payment and tax">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <Row label="Payment">
          {`${order.payment_mode} · ${order.status}${order.totalAmountbeforePay === 0 ? ' · Fully discounted' : ''}`}
        </Row>
        <Row label="Before discount">{inr(order.amountbeforediscount)}</Row>
        {productDiscountPaise > 0 && (
          <Row label="Product discount">− {formatInr(productDiscountPaise)}</Row>
        )}
        {order.discountprice > 0 && (
          <Row label={`Coupon ${order.coupon_code}`}>− {inr(order.discountprice)}</Row>
        )}
        <Row label="After discount">{inr(order.amountafterdiscount)}</Row>
        <Row label="Delivery">{inr(order.deliveryCharge)}</Row>
        <Row label="Total">{inr(order.totalAmountbeforePay)}</Row>
        <Row
          label={
            order.status === 'Pending' || order.status === 'Failed'
              ? 'To pay online (not paid yet)'
              : 'Paid online'
          }
        >
          {inr(order.advance)}
        </Row>
        {order.payment_mode === 'Pay on delivery' && (
          <Row label={order.collected_at ? 'Collected at delivery' : 'Due at delivery'}>
            {inr(order.collected_at ? order.collected : order.remaining_amount)}
          </Row>
        )}
        <Row label="Fully paid">{order.fully_paid ? 'Yes' : 'No'}</Row>
        <Row label="Taxable value">{inr(order.tax.taxable_value)}</Row>
        {order.tax.supply === 'intra-state' ? (
          <>
            <Row label="CGST">{inr(order.tax.cgst)}</Row>
            <Row label="SGST">{inr(order.tax.sgst)}</Row>
          </>
        ) : (
          <Row label="IGST">{inr(order.tax.igst)}</Row>
        )}
        {order.refunds.map((r) => (
          <Row key={r.id} label={`Refund (${r.status})`}>
            {inr(r.amount)}
          </Row>
        ))}
      </dl>
    </DeskCard>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </>
  );
}
