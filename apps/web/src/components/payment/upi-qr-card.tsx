import type { UpiPayment } from '@shop/contracts';
import { inr } from '../../lib/format.ts';
import { Button, buttonClass } from '../ui/button.tsx';

/** What a UPI QR card shows: the payment's amount, payee, note, link and QR. */
export type UpiQrPayment = Pick<
  UpiPayment,
  'amount' | 'upi_id' | 'payee_name' | 'note' | 'link' | 'qr_svg' | 'qr_image'
>;

/**
 * The QR code to pay by (the shop's own QR image when it uploaded one, which carries no amount,
 * else the server-drawn QR of the `upi://pay` link), the button that opens the UPI app on phones,
 * and the UPI ID with a copy button. The pay page shows it; the admin's UPI settings preview it.
 */
export function UpiQrCard({
  payment,
  copied,
  onCopy,
}: {
  payment: UpiQrPayment;
  copied: boolean;
  onCopy: () => void;
}) {
  const amount = inr(payment.amount);
  const own = payment.qr_image !== '';
  return (
    <section
      aria-labelledby="upi-pay-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white p-4 text-center ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="upi-pay-title" className="text-lg font-bold text-slate-900">
        Pay <span data-testid="upi-amount">{amount}</span> to {payment.payee_name}
      </h2>
      <img
        src={
          own ? payment.qr_image : `data:image/svg+xml;utf8,${encodeURIComponent(payment.qr_svg)}`
        }
        alt={
          own
            ? `The shop’s UPI QR code (${payment.upi_id})`
            : `UPI QR code: pay ${amount} to ${payment.upi_id}`
        }
        width={224}
        height={224}
        className="size-56 rounded-lg bg-white object-contain ring-1 ring-slate-200"
      />
      <p className="text-sm text-slate-700">
        {own ? (
          <>
            Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM…) and enter{' '}
            <strong>{amount}</strong>. Add the note{' '}
            <span className="font-mono">{payment.note}</span> so the shop knows which order it is.
          </>
        ) : (
          <>
            Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM…). The note{' '}
            <span className="font-mono">{payment.note}</span> tells the shop which order it is.
          </>
        )}
      </p>
      <a
        href={payment.link}
        className={buttonClass('primary', 'min-h-11 w-full px-5 text-base md:hidden')}
        data-testid="upi-open-app"
      >
        Open UPI app to pay {amount}
      </a>
      <div className="flex w-full flex-col items-stretch gap-2 rounded-lg bg-slate-50 p-3 text-left sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-700">UPI ID</p>
          <p className="font-mono text-base break-all text-slate-900" data-testid="upi-id">
            {payment.upi_id}
          </p>
        </div>
        <Button
          variant="secondary"
          className="min-h-11 px-4"
          onClick={onCopy}
          aria-describedby="upi-copied"
        >
          {copied ? 'Copied' : 'Copy UPI ID'}
        </Button>
        <span id="upi-copied" role="status" className="sr-only">
          {copied ? 'UPI ID copied' : ''}
        </span>
      </div>
    </section>
  );
}
