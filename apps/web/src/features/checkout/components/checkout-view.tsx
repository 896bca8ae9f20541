import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccountUser, Address, CheckoutLine } from '@shop/contracts';
import { validateMobile } from '@shop/domain';
import {
  StickyTotalBar,
  useStickyBarShown,
} from '../../../components/checkout/sticky-total-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-field.tsx';
import { ServerError } from '../../../lib/api-request.ts';
import { readCheckoutData, saveCheckoutData } from '../../../lib/checkout-handoff.ts';
import { inr } from '../../../lib/format.ts';
import { usePaymentSummary, useProfile } from '../api/checkout-api.ts';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit.ts';
import { useCheckoutPayModes } from '../hooks/use-checkout-pay-modes.ts';
import { usePlaceOrder, type PlacePhase } from '../hooks/use-place-order.ts';
import { CheckoutContactFields } from './checkout-contact-fields.tsx';
import { CheckoutPaymentMethod } from './checkout-payment-method.tsx';
import { CheckoutEmpty } from './checkout-empty.tsx';
import { CheckoutSkeleton } from './checkout-skeleton.tsx';
import { CheckoutSummaryColumn } from './checkout-summary-column.tsx';
import { CouponBox } from './coupon-box.tsx';

const NOTE_MAX = 500;

const BUSY_LABEL: Record<PlacePhase, string> = {
  idle: 'Place order',
  placing: 'Placing order...',
  paying: 'Waiting for payment...',
  verifying: 'Verifying payment...',
};

export interface CheckoutViewProps {
  user: AccountUser;
  /** The chosen (default) shipping and billing addresses, null when none is chosen. */
  shipping: Address | null;
  billing: Address | null;
  /** The address choice: the route composes it from the address feature. */
  addressPanel: ReactNode;
  /** Optional consents asked at checkout (WhatsApp updates), under the contact fields. */
  consents?: ReactNode;
  /**
   * An admission order (courses only): the admission they are paid with. No addresses are
   * needed; the admission-pay calls and pages are used.
   */
  admissionId?: string | null;
  /** The addresses are still loading: the page shows its skeleton until they are there. */
  loading?: boolean;
}

/**
 * The checkout screen (accounts-checkout-payments §2, §5, §8): addresses, mobile, GST number,
 * payment mode, coupon, note, the server's summary and one Place order button.
 */
export function CheckoutView({
  user,
  shipping,
  billing,
  addressPanel,
  consents,
  admissionId = null,
  loading = false,
}: CheckoutViewProps) {
  const [handoff] = useState(readCheckoutData);
  const lines: CheckoutLine[] | null = useMemo(
    () =>
      handoff
        ? handoff.products.map((p) => ({
            product_id: p.product_id,
            product_sku: p.product_sku,
            quantity: p.quantity,
          }))
        : null,
    [handoff],
  );
  const profile = useProfile(user.user_id);
  const modes = useCheckoutPayModes(admissionId);
  const { payButtons, paymentMode } = modes;

  const [mobile, setMobile] = useState<string | null>(null);
  const [gst, setGst] = useState<string | null>(null);
  const mobileValue = mobile ?? profile.data?.mobile ?? user.mobile ?? '';
  const gstValue = gst ?? profile.data?.user_gstNo ?? user.user_gstNo ?? '';
  const [note, setNote] = useState('');
  const [coupon, setCoupon] = useState(handoff?.isCouponApplied ? handoff.coupon : '');
  const messageRef = useRef<HTMLDivElement>(null);
  const barShown = useStickyBarShown();

  const emptyHandoff = handoff !== null && handoff.products.length === 0;
  const summary = usePaymentSummary(
    {
      lines,
      couponCode: coupon,
      shippingAddressId: shipping?.id ?? null,
      paymentMode: paymentMode ?? 'Pay now',
    },
    // Asked once the addresses are known: the delivery charge depends on the shipping address.
    !emptyHandoff && !loading,
  );
  const data = summary.data;
  const placing = usePlaceOrder(
    user,
    validateMobile(mobileValue).ok ? mobileValue : '',
    admissionId !== null,
  );
  const { submit, checking, fieldErrors, clearFieldError, formError } = useCheckoutSubmit({
    user,
    shipping,
    billing,
    admissionId,
    mobile: mobileValue,
    gst: gstValue,
    paymentMode,
    note,
    summary,
    profile,
    placing,
  });

  // Keep the handoff's coupon in step with the screen (the spec's checkout data keeps it).
  useEffect(() => {
    if (!handoff || !data) return;
    saveCheckoutData({
      ...handoff,
      coupon,
      isCouponApplied: data.couponapplied,
      discountAmount: data.discountprice,
    });
  }, [handoff, coupon, data]);

  const shownError = formError ?? placing.error;
  // On a phone Place order is in the sticky bar, far from the message: bring the message to it.
  useEffect(() => {
    if (!shownError || !barShown) return;
    messageRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [shownError, barShown]);

  const cartEmpty =
    emptyHandoff ||
    (data !== undefined && data.lines.length === 0) ||
    // The server names the lines when there are none to price (its status and field, not text).
    (summary.error instanceof ServerError &&
      summary.error.status === 400 &&
      summary.error.field === 'cart_products');
  if (cartEmpty) {
    return <CheckoutEmpty />;
  }

  // The page appears whole once its parts are there (no jumps, no "₹0", no early Place order).
  const ready =
    !loading && !profile.isPending && payButtons !== undefined && !modes.settingsPending;
  if (!ready) {
    // The same shape as the page below, so the sticky bar stays while the rest arrives.
    return (
      <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" className="text-2xl font-bold sm:text-3xl">
          Checkout
        </h1>
        <CheckoutSkeleton />
        {barShown && (
          <StickyTotalBar label="Total" total={null}>
            <Button className="min-h-12 px-5 text-base" disabled>
              Place order
            </Button>
          </StickyTotalBar>
        )}
      </section>
    );
  }

  const busy = checking || placing.phase !== 'idle';
  /** Place order: off while busy and until the server's summary is there. */
  const placeButton = (className: string) => (
    <Button
      className={`min-h-12 text-base ${className}`}
      disabled={busy || !data}
      aria-disabled={busy || !data}
      onClick={() => void submit()}
    >
      {checking && placing.phase === 'idle' ? 'Checking...' : BUSY_LABEL[placing.phase]}
    </Button>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="text-2xl font-bold sm:text-3xl">
        Checkout
      </h1>
      <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {addressPanel}
          <CheckoutContactFields
            mobile={mobileValue}
            gst={gstValue}
            errors={fieldErrors}
            onMobile={setMobile}
            onGst={setGst}
            onClearError={clearFieldError}
          />
          {consents}
          <CheckoutPaymentMethod
            offline={modes.offline}
            cashOnly={modes.cashOnly}
            advanceKnown={modes.advanceKnown}
            allButtons={payButtons}
            buttons={modes.checkoutButtons}
            modeId={modes.modeId}
            onMode={modes.setChosenMode}
            paymentMode={paymentMode}
            advancePercent={data?.delivery_percentage}
          />
          <CouponBox
            applied={coupon}
            problem={data && !data.couponapplied ? data.coupon_message : undefined}
            saleTotal={data?.lines.reduce((sum, l) => sum + l.line_total, 0)}
            onApply={setCoupon}
            onRemove={() => setCoupon('')}
          />
          <TextAreaField
            label="Note for the shop (optional)"
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <CheckoutSummaryColumn
          summary={summary}
          messageRef={messageRef}
          error={shownError}
          onRetryPayment={placing.unpaid && !busy ? () => void placing.retryPayment() : null}
          placeButton={barShown ? null : placeButton('w-full')}
        />
      </div>
      {barShown && (
        <StickyTotalBar
          label="Total"
          total={data ? inr(data.totalAmountbeforePay) : null}
          note={
            // Why the order cannot be placed as it stands ("Sorry, we do not deliver to this
            // pincode."), beside Place order: the summary's message is further down the page.
            data && !data.orderable && data.reason
              ? data.reason
              : data && paymentMode === 'Pay on delivery'
                ? data.advance > 0
                  ? `Pay ${inr(data.advance)} now, the rest on delivery`
                  : 'Pay the whole amount on delivery'
                : undefined
          }
        >
          {placeButton('px-5')}
        </StickyTotalBar>
      )}
    </section>
  );
}
