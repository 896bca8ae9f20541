import type { AdminOrder } from '@shop/contracts';
import { inr } from '../../lib/format.ts';
import { DeskCard } from './order-desk-card.tsx';

/** The order's lines: name, SKU, HSN, GST rate and variation, quantity × price and line total. */
export function OrderItemsCard({ order }: { order: AdminOrder }) {
  return (
    <DeskCard title="Items">
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
    </DeskCard>
  );
}
