import type { AdminOrder, Order } from '@shop/contracts';
import { DeskCard } from './order-desk-card.tsx';

/** Who ordered (with call and WhatsApp links and their note) and where it goes and is billed. */
export function OrderCustomerCards({ order }: { order: AdminOrder }) {
  const phone = order.mobile.replace(/\D/g, '').slice(-10);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <DeskCard title="Customer">
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
      </DeskCard>
      <DeskCard title="Addresses">
        <PostalAddress title="Ship to" a={order.shipping_address} />
        <PostalAddress title="Bill to" a={order.billing_address} />
        {order.user_gstNo && <p className="text-sm">GSTIN: {order.user_gstNo}</p>}
      </DeskCard>
    </div>
  );
}

function PostalAddress({ title, a }: { title: string; a: Order['shipping_address'] }) {
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
