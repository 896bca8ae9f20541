import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder } from '@shop/contracts';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { OrderActionsCard } from './order-actions-card.tsx';
import { OrderCustomerCards } from './order-customer-cards.tsx';
import { OrderItemsCard } from './order-items-card.tsx';
import { OrderPaymentCard } from './order-payment-card.tsx';
import { OrderTimelineCard } from './order-timeline-card.tsx';
import { OrderUnsentEmails } from './order-unsent-emails.tsx';
import { getOrder } from './orders-api.ts';
import { ShippingDetailsCard } from './shipping-details-card.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UpiConfirmPanel } from './upi-confirm-panel.tsx';
import { UpiRefundPanel } from './upi-refund-panel.tsx';
import { OutcomeNote, type Outcome } from '../lib/outcome-note.tsx';

/** /admin/orders/:orderId: one order, its refused emails, its next moves, cancel and refund, collect, print. */
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
  const [message, setMessage] = useState<Outcome | null>(null);
  const done = async (text: string) => {
    setMessage({ ok: true, text });
    await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
    await client.invalidateQueries({ queryKey: ['admin-orders'] });
  };

  return (
    <AdminPage title={`Order ${order.order_number}`} actions={<StatusBadge order={order} />}>
      <Link to="/orders" className="tap text-sm text-orange-800 underline">
        ← All orders
      </Link>
      <OutcomeNote outcome={message} />

      <UpiConfirmPanel order={order} />
      <UpiRefundPanel order={order} />
      <OrderUnsentEmails order={order} />
      <OrderActionsCard
        order={order}
        onDone={done}
        onFail={(err) => setMessage({ ok: false, text: errorText(err) })}
      />
      <ShippingDetailsCard
        order={order}
        onSaved={async () => {
          setMessage(null);
          await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
        }}
      />
      <OrderCustomerCards order={order} />
      <OrderItemsCard order={order} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <OrderPaymentCard order={order} />
        <OrderTimelineCard order={order} />
      </div>
    </AdminPage>
  );
}
