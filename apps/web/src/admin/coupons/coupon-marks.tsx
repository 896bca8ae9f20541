import type { AdminCoupon } from '@shop/contracts';
import { COUPON_MARK_LABELS, couponMarks } from '@shop/domain';

/** Why shoppers cannot use a coupon now (used up, expired, …), as badges; none when it works. */
export function CouponMarks({ coupon: c }: { coupon: AdminCoupon }) {
  const marks = couponMarks(
    {
      active: c.active,
      startsAt: c.start_date ? new Date(c.start_date) : null,
      endsAt: c.end_date ? new Date(c.end_date) : null,
      usageLimit: c.total_usage_limit,
    },
    c.used,
    new Date(),
  );
  if (marks.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1" data-testid={`marks-${c.code}`}>
      {marks.map((m) => (
        <span
          key={m}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            m === 'not started' ? 'bg-slate-100 text-slate-800' : 'bg-red-100 text-red-900'
          }`}
        >
          {COUPON_MARK_LABELS[m]}
        </span>
      ))}
    </p>
  );
}
