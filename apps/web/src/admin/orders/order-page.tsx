import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder, Order } from '@shop/contracts';
import {
  allowedOrderMoves,
  billSavings,
  formatInr,
  isDispatched,
  rupeesToPaise,
  type OrderStatus,
} from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import {
  collectOrder,
  downloadInvoice,
  downloadPackingSlip,
  getOrder,
  patchOrder,
} from './orders-api.ts';
import { when } from './order-format.ts';
import { ShipDialog } from './ship-dialog.tsx';
import { ShippingDetailsCard } from './shipping-details-card.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UpiConfirmPanel } from './upi-confirm-panel.tsx';
import { inr } from '../../lib/format.ts';

/** /admin/orders/:orderId: one order, its next moves, cancel and refund, collect, print. */
export function Component() {
  const { orderId = '' } = useParams();
  const order = useQuery({ queryKey: ['admin-order', orderId], queryFn: () => getOrder(orderId) });
  if (order.isError) {
    return (
      <AdminPage title="Order">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(order.error)}
        </p>
        <Link to="/orders" className="text-orange-800 underline">
          Back to orders
        </Link>
      </AdminPage>
    );
  }
  if (!order.data) {
    return (
      <AdminPage title="Order">
        <p className="text-slate-700">Loading the order…</p>
      </AdminPage>
    );
  }
  return <OrderDesk order={order.data} />;
}

function OrderDesk({ order }: { order: AdminOrder }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [shipTo, setShipTo] = useState<OrderStatus | null>(null);
  const [note, setNote] = useState('');
  const refundable = Math.max(
    0,
    order.status === 'Success' && order.razorpay_order_id
      ? order.advance -
          order.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
      : 0,
  );
  const [refund, setRefund] = useState(refundable.toFixed(2));
  const { productDiscountPaise } = billSavings({
    amountBeforeDiscountPaise: rupeesToPaise(order.amountbeforediscount),
    couponDiscountPaise: rupeesToPaise(order.discountprice),
    amountAfterDiscountPaise: rupeesToPaise(order.amountafterdiscount),
  });
  const [confirmCancel, setConfirmCancel] = useState(false);

  const done = async (text: string) => {
    setMessage({ ok: true, text });
    setNote('');
    await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
    await client.invalidateQueries({ queryKey: ['admin-orders'] });
  };
  const fail = (err: unknown) => setMessage({ ok: false, text: errorText(err) });

  const move = useMutation({
    mutationFn: (to: OrderStatus) =>
      patchOrder(order.order_id, {
        orderStatus: to,
        version: order.version,
        note,
        ...(to === 'Cancelled' &&
          refundable > 0 && { refund_amount: Number(Number(refund).toFixed(2)) }),
      }),
    onSuccess: (o) => done(`Moved to ${o.orderStatus}.`),
    onError: fail,
  });
  const collect = useMutation({
    mutationFn: () => collectOrder(order.order_id, order.version),
    onSuccess: () => done('Marked collected: the order is fully paid.'),
    onError: fail,
  });
  const print = useMutation({
    mutationFn: (what: 'slip' | 'invoice') =>
      what === 'slip' ? downloadPackingSlip(order) : downloadInvoice(order),
    onError: fail,
  });

  const next = allowedOrderMoves({
    from: order.orderStatus,
    paymentMode: order.payment_mode,
    paymentStatus: order.status,
    payNowPaise: Math.round(order.advance * 100),
  });
  const forward = next.filter((s) => s !== 'Cancelled');
  const canCancel = next.includes('Cancelled');
  const busy = move.isPending || collect.isPending;
  /** Shipping asks for the courier and tracking number first, and confirms (ShipDialog). */
  const moveOrShip = (to: OrderStatus) => {
    if (shipsNow(to) && !isDispatched(order.orderStatus)) setShipTo(to);
    else move.mutate(to);
  };
  const canCollect =
    order.payment_mode === 'Pay on delivery' &&
    order.remaining_amount > 0 &&
    !order.collected_at &&
    (order.orderStatus === 'Out for delivery' || order.orderStatus === 'Delivered');
  const phone = order.mobile.replace(/\D/g, '').slice(-10);

  return (
    <AdminPage
      title={`Order ${order.order_number}`}
      actions={<StatusBadge status={order.orderStatus} awaitingPayment={order.awaiting_payment} />}
    >
      <Link to="/orders" className="tap text-sm text-orange-800 underline">
        ← All orders
      </Link>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded-lg p-3 text-sm font-medium ${message.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {message.text}
        </p>
      )}

      <UpiConfirmPanel order={order} />
      <Card title="Actions">
        {forward.length === 0 && !canCollect && (
          <p className="text-sm text-slate-700">
            {order.orderStatus === 'Delivered' || order.orderStatus === 'Cancelled'
              ? `This order is ${order.orderStatus}; its status cannot change any more.`
              : 'The payment has not arrived: the order can only move once it is paid.'}
          </p>
        )}
        {(forward.length > 0 || canCancel) && (
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            Note for the customer (optional)
            <input
              className={fieldClass}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
        )}
        {forward.length > 0 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Move the order">
            {forward.map((s) => (
              <Button key={s} disabled={busy} onClick={() => moveOrShip(s)}>
                Mark {s}
              </Button>
            ))}
          </div>
        )}
        {canCollect && (
          <Button disabled={busy} onClick={() => collect.mutate()}>
            Collected {inr(order.remaining_amount)} at delivery
          </Button>
        )}
        {canCancel && (
          <div className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
            {!confirmCancel ? (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                Cancel order…
              </Button>
            ) : (
              <>
                <p className="text-sm text-slate-900">
                  Cancelling puts the stock back
                  {refundable > 0 ? ' and refunds the payment through the gateway.' : '.'}
                </p>
                {refundable > 0 && (
                  <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
                    Refund amount (₹, at most {inr(refundable)})
                    <input
                      className={fieldClass}
                      inputMode="decimal"
                      value={refund}
                      onChange={(e) => setRefund(e.target.value)}
                    />
                  </label>
                )}
                <div className="flex flex-wrap gap-2">
                  <Button disabled={busy} onClick={() => move.mutate('Cancelled')}>
                    {refundable > 0 ? 'Cancel and refund' : 'Cancel order'}
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
                    Keep the order
                  </Button>
                </div>
              </>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={print.isPending}
            onClick={() => print.mutate('slip')}
          >
            Print packing slip
          </Button>
          {order.invoice && (
            <Button
              variant="secondary"
              disabled={print.isPending}
              onClick={() => print.mutate('invoice')}
            >
              Print invoice {order.invoice.number}
            </Button>
          )}
        </div>
      </Card>
      <ShipDialog
        order={order}
        to={shipTo}
        onClose={() => setShipTo(null)}
        onShipped={(o) => {
          setShipTo(null);
          void done(`Moved to ${o.orderStatus}.`);
        }}
      />
      <ShippingDetailsCard
        order={order}
        onSaved={async () => {
          setMessage(null);
          await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
        }}
      />

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title="Customer">
          <p className="font-semibold text-slate-900">{order.customer.name || order.user_name}</p>
          <p className="text-sm break-all text-slate-800">{order.customer.email}</p>
          <div className="flex flex-wrap gap-2">
            <a
              className="min-h-tap rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300"
              href={`tel:+91${phone}`}
            >
              Call {order.mobile}
            </a>
            <a
              className="min-h-tap rounded-lg bg-green-700 px-3 py-2 text-sm font-semibold text-white"
              href={`https://wa.me/91${phone}`}
              target="_blank"
              rel="noreferrer"
            >
              WhatsApp
            </a>
          </div>
          {order.customer_note && (
            <p className="text-sm text-slate-800">Note: {order.customer_note}</p>
          )}
        </Card>
        <Card title="Addresses">
          <Address title="Ship to" a={order.shipping_address} />
          <Address title="Bill to" a={order.billing_address} />
          {order.user_gstNo && <p className="text-sm">GSTIN: {order.user_gstNo}</p>}
        </Card>
      </div>

      <Card title="Items">
        <ul className="flex flex-col divide-y divide-slate-200">
          {order.cart_products.map((l, i) => (
            <li key={`${l.product_sku}-${i}`} className="flex justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-semibold text-slate-900">{l.product_name}</span>
                <span className="block text-slate-700">
                  {l.product_sku} · HSN {l.hsn_code} · GST {l.gst_rate}%
                  {Object.entries(l.variation_attributes)
                    .map(([k, v]) => ` · ${k}: ${v}`)
                    .join('')}
                </span>
              </span>
              <span className="text-right whitespace-nowrap">
                {l.quantity} × {inr(l.product_saleprice)}
                <span className="block font-semibold">{inr(l.line_total)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title="Payment and tax">
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
        </Card>
        <Card title="Timeline">
          <ol
            className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3"
            data-testid="admin-timeline"
          >
            {[...order.timeline].reverse().map((e, i) => (
              <li key={`${e.at}-${i}`} className="text-sm">
                <p className="font-semibold text-slate-900">
                  {e.from === null
                    ? 'Placed'
                    : e.event === 'collected'
                      ? 'Collected at delivery'
                      : e.to}
                  <span className="font-normal text-slate-700"> · {e.by}</span>
                </p>
                <p className="text-slate-700">{when(e.at)}</p>
                {e.note && <p className="break-words text-slate-800">{e.note}</p>}
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </AdminPage>
  );
}

/** Moving to this status ships the order (from before Shipped): the ship dialog asks first. */
const shipsNow = (s: OrderStatus) => s === 'Shipped' || s === 'Out for delivery';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
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

function Address({ title, a }: { title: string; a: Order['shipping_address'] }) {
  return (
    <div className="text-sm">
      <p className="font-semibold text-slate-900">{title}</p>
      <p>{a.user_name}</p>
      <p className="text-slate-800">
        {[a.new_address, a.area, a.city].filter(Boolean).join(', ')} {a.pincode}
      </p>
    </div>
  );
}
