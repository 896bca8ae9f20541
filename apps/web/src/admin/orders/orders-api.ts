import type {
  AdminOrder,
  AdminOrderListResponse,
  AdminOrderSort,
  BulkMoveResult,
  Order,
  PatchOrderRequest,
} from '@shop/contracts';
import type { OrderStatus, PaymentMode } from '@shop/domain';
import { adminBlob, adminJson } from '../lib/admin-api.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The desk's list filters as the screen holds them ('' = not filtered). */
export interface DeskFilters {
  status: OrderStatus[];
  paymentMode: PaymentMode | '';
  paid: '' | 'true' | 'false';
  /** Only orders awaiting their online payment (apart from the shop's Pending work). */
  awaiting: boolean;
  q: string;
  from: string;
  to: string;
  sort: AdminOrderSort;
  page: number;
}

export const NO_FILTERS: DeskFilters = {
  status: [],
  paymentMode: '',
  paid: '',
  awaiting: false,
  q: '',
  from: '',
  to: '',
  sort: 'placed_desc',
  page: 1,
};

export const PAGE_SIZE = 20;

/** The query string of the list (and, without paging, of the CSV export). */
export function deskQuery(f: DeskFilters, paging = true): string {
  const p = new URLSearchParams();
  if (f.status.length > 0) p.set('status', f.status.join(','));
  if (f.paymentMode) p.set('payment_mode', f.paymentMode);
  if (f.paid) p.set('paid', f.paid);
  // "Awaiting payment" lists the unpaid orders; "Pending" is the shop's work, without them.
  if (f.awaiting) p.set('awaiting_payment', 'true');
  else if (f.status.includes('Pending')) p.set('awaiting_payment', 'false');
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  p.set('sort', f.sort);
  if (paging) {
    p.set('page', String(f.page));
    p.set('limit', String(PAGE_SIZE));
  }
  return p.toString();
}

export const listOrders = (f: DeskFilters) =>
  adminJson<AdminOrderListResponse>('GET', `/admin/orders?${deskQuery(f)}`);

export const getOrder = (id: string) =>
  adminJson<{ data: AdminOrder }>('GET', `/admin/orders/${id}`).then((r) => r.data);

export const patchOrder = (id: string, body: PatchOrderRequest) =>
  adminJson<{ data: Order }>('PATCH', `/admin/orders/${id}`, body).then((r) => r.data);

export const collectOrder = (id: string, version: number) =>
  adminJson<{ data: Order }>('POST', `/admin/orders/${id}/collect`, { version }).then(
    (r) => r.data,
  );

export const bulkMove = (orderIds: string[], orderStatus: OrderStatus) =>
  adminJson<{ data: BulkMoveResult[] }>('POST', '/admin/orders/bulk-move', {
    order_ids: orderIds,
    orderStatus,
  }).then((r) => r.data);

export const exportCsv = async (f: DeskFilters) =>
  saveBlob(await adminBlob(`/admin/orders/export.csv?${deskQuery(f, false)}`), 'orders.csv');

export const downloadPackingSlip = async (o: { order_id: string; order_number: string }) =>
  saveBlob(
    await adminBlob(`/admin/orders/${o.order_id}/packing-slip`),
    `packing-slip-${o.order_number}.pdf`,
  );

export const downloadInvoice = async (o: { order_id: string; order_number: string }) =>
  saveBlob(
    await adminBlob(`/payment/order/${o.order_id}/invoice`),
    `invoice-${o.order_number}.pdf`,
  );
