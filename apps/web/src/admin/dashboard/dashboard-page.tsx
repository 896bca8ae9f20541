import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard, DashboardResponse } from '@shop/contracts';
import { formatPaymentTime } from '@shop/domain';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { auditActionWords, auditEntryPath } from '../lib/audit-actions.ts';
import { LinkIf } from '../lib/link-if.tsx';
import { useStaffUser } from '../lib/use-staff-user.ts';
import { inr } from '../../lib/format.ts';
import { DeveloperNotes, SaleChecklistCard } from './sale-checklist-card.tsx';
import { UnsentOrderEmailsCard } from './unsent-order-emails-card.tsx';
import { UnsentShopNoticesCard } from './unsent-shop-notices-card.tsx';

const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200';
/** An instant in IST, dd/mm/yy - hh:mm. */
const when = (iso: string) => formatPaymentTime(iso) ?? '';

type Activity = NonNullable<Dashboard['recent_activity']>[number];

/** One recent admin change: what, who and when; a link to what it changed, where it has a page. */
function ActivityEntry({ entry: a }: { entry: Activity }) {
  const to = auditEntryPath(a);
  return (
    <LinkIf
      to={to}
      className="flex min-h-11 flex-col justify-center py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-orange-700"
      plainClassName="block py-2"
    >
      <span
        className={`font-semibold break-all text-slate-900 ${to ? 'underline-offset-2 hover:underline' : ''}`}
      >
        {auditActionWords(a.action)}
      </span>
      <span className="block break-all text-slate-600">
        {a.actor_email || 'System'} · {when(a.at)}
      </span>
    </LinkIf>
  );
}

/** /admin: what stops a sale (each with its fix) and what shoppers can pay with, order emails and form notices the email server refused, what the server's host must set (folded away), the day's figures, what waits to be packed and shipped, recent orders, low stock (each a link to its product), recent activity (each a link to what it changed, where that has a page). */
export function Component() {
  const user = useStaffUser();
  const q = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminJson<DashboardResponse>('GET', '/admin/dashboard'),
    select: (r) => r.data,
    refetchInterval: 60_000,
  });
  return (
    <AdminPage title="Dashboard">
      {q.isPending && <p className="text-slate-700">Loading…</p>}
      {q.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorText(q.error)}
        </p>
      )}
      {q.data && (
        <SaleChecklistCard checklist={q.data.sale_checklist} owner={user?.role === 'owner'} />
      )}
      {q.data && <UnsentOrderEmailsCard unsent={q.data.unsent_order_emails} />}
      {q.data && <UnsentShopNoticesCard unsent={q.data.unsent_shop_notices} />}
      {q.data && <DeveloperNotes emailDelivery={q.data.email_delivery} />}
      {q.data && <Figures d={q.data} />}
    </AdminPage>
  );
}

function Figure({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <span className="text-sm font-semibold text-slate-700">{label}</span>
      <span className="text-xl font-bold break-words text-slate-900 sm:text-2xl">{value}</span>
      {detail && <span className="text-sm text-slate-700">{detail}</span>}
    </>
  );
  return to ? (
    <Link
      to={to}
      className={`${card} flex min-w-0 flex-col gap-1 hover:ring-2 hover:ring-orange-700 focus-visible:ring-2 focus-visible:ring-orange-700`}
    >
      {body}
    </Link>
  ) : (
    <div className={`${card} flex min-w-0 flex-col gap-1`}>{body}</div>
  );
}

function Figures({ d }: { d: Dashboard }) {
  const orders = (n: number) => `${n} paid order${n === 1 ? '' : 's'}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="Today" value={inr(d.today.revenue)} detail={orders(d.today.paid_orders)} />
        <Figure
          label="This month"
          value={inr(d.month.revenue)}
          detail={orders(d.month.paid_orders)}
        />
        <Figure label="To pack" value={d.to_pack} to="/orders?status=Processing" />
        <Figure label="To ship" value={d.to_ship} to="/orders?status=Packed" />
        <Figure label="New in inbox" value={d.new_inbox_items} to="/inbox?status=new" />
      </div>
      {/* Recent orders first: what a shop opens the dashboard for on a phone. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <section className={`${card} min-w-0`} aria-labelledby="recent-orders-title">
          <h2 id="recent-orders-title" className="mb-2 font-bold text-slate-900">
            Recent orders
          </h2>
          {d.recent_orders.length === 0 ? (
            <p className="text-sm text-slate-700">No orders yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" data-testid="recent-orders">
              {d.recent_orders.map((o) => (
                <li key={o.order_id}>
                  <Link
                    to={`/orders/${o.order_id}`}
                    className="flex min-h-11 items-center justify-between gap-2 py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-orange-700"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-slate-900 underline-offset-2 hover:underline">
                        {o.order_number} · {o.user_name || 'Customer'}
                      </span>
                      <span className="block text-slate-600">
                        {o.payment_to_confirm ? (
                          <span className="font-semibold text-amber-900">
                            UPI payment to confirm
                          </span>
                        ) : (
                          o.orderStatus
                        )}{' '}
                        · {when(o.created_at)}
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold text-slate-900">{inr(o.total)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={`${card} min-w-0`} aria-labelledby="low-stock-title">
          <h2 id="low-stock-title" className="mb-2 font-bold text-slate-900">
            Low stock (≤ {d.low_stock_threshold})
          </h2>
          {d.low_stock.length === 0 ? (
            <p className="text-sm text-slate-700">Nothing is running low.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" data-testid="low-stock">
              {d.low_stock.map((p) => (
                <li key={p.sku}>
                  <Link
                    to={`/products/${p.product_id}`}
                    className="flex min-h-11 items-center justify-between gap-2 py-2 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-orange-700"
                  >
                    <span className="min-w-0">
                      <span className="line-clamp-2 font-semibold break-words text-slate-900 underline-offset-2 hover:underline">
                        {p.title}
                      </span>
                      <span className="block truncate text-slate-600">{p.sku}</span>
                    </span>
                    <span
                      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                        p.stock === 0 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'
                      }`}
                    >
                      {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        {d.recent_activity ? (
          <section className={`${card} min-w-0`} aria-labelledby="activity-title">
            <h2 id="activity-title" className="mb-2 font-bold text-slate-900">
              Recent activity
            </h2>
            {d.recent_activity.length === 0 ? (
              <p className="text-sm text-slate-700">No admin changes yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200 text-sm">
                {d.recent_activity.map((a, i) => (
                  <li key={`${a.at}-${i}`}>
                    <ActivityEntry entry={a} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
