import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CHECKOUT_MESSAGES,
  updateUserRequestSchema,
  type AccountUser,
  type Address,
  type CheckoutLine,
  type PaymentMode,
} from '@shop/contracts';
import {
  MOBILE_INPUT_MAX_LENGTH,
  defaultPayMode,
  validateMobile,
  type PayButtonId,
} from '@shop/domain';
import {
  StickyTotalBar,
  useStickyBarShown,
} from '../../../components/checkout/sticky-total-bar.tsx';
import { PayModeChoice } from '../../../components/payment/pay-mode-choice.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { ServerError, serverMessage } from '../../../lib/api-request.ts';
import { readCheckoutData, saveCheckoutData } from '../../../lib/checkout-handoff.ts';
import { usePayButtons } from '../../../lib/store-queries.ts';
import {
  advancePercentQuery,
  paySettingsQuery,
  saveProfile,
  usePaymentSummary,
  useProfile,
} from '../api/checkout-api.ts';
import { usePlaceOrder, type PlacePhase } from '../hooks/use-place-order.ts';
import { CheckoutSkeleton, OrderSummarySkeleton } from './checkout-skeleton.tsx';
import { CouponBox } from './coupon-box.tsx';
import { OrderSummaryCard } from './order-summary-card.tsx';
import { inr } from '../../../lib/format.ts';

const MODE_OF: Partial<Record<PayButtonId, PaymentMode>> = {
  paymanual: 'Pay by UPI',
  paynow: 'Pay now',
  payondelivery: 'Pay on delivery',
};
const CHOOSE_PAY_MODE = 'Please choose a payment method.';
/** No gateway keys yet, but pay on delivery without an advance is offered. */
const CASH_ON_DELIVERY_ONLY =
  'This shop cannot take online payments yet. You can order now and pay the whole amount on delivery.';
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
  const { data: payButtons } = usePayButtons();
  const paySettings = useQuery(paySettingsQuery); // read early: the payment window needs it
  // A shop without gateway keys yet takes nothing online: no Pay now, no advance.
  const offline = paySettings.data?.online_payments === false;
  const advance = useQuery({ ...advancePercentQuery, enabled: offline });
  const cashOnly = offline && advance.data === 0;

  const checkoutButtons = useMemo(
    () =>
      (payButtons ?? []).filter(
        (b) =>
          // Pay by UPI needs no gateway, but is not offered for an admission (decision 0039).
          (b.button_id === 'paymanual' && !admissionId) ||
          (b.button_id === 'paynow' && !offline) ||
          (b.button_id === 'payondelivery' && (!offline || cashOnly)),
      ),
    [payButtons, offline, cashOnly, admissionId],
  );
  const [chosenMode, setChosenMode] = useState<PayButtonId | null>(null);
  const modeId = chosenMode ?? defaultPayMode(checkoutButtons);
  const paymentMode = modeId ? MODE_OF[modeId] : undefined;

  const [mobile, setMobile] = useState<string | null>(null);
  const [gst, setGst] = useState<string | null>(null);
  const mobileValue = mobile ?? profile.data?.mobile ?? user.mobile ?? '';
  const gstValue = gst ?? profile.data?.user_gstNo ?? user.user_gstNo ?? '';
  const [note, setNote] = useState('');
  const [coupon, setCoupon] = useState(handoff?.isCouponApplied ? handoff.coupon : '');
  const [fieldErrors, setFieldErrors] = useState<{ mobile?: string; gst?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A message about the order as it stood ("Please select a billing address.") is stale once the
  // addresses change: the server's summary then says what still stops the order.
  const addressKey = `${billing?.id ?? ''}|${shipping?.id ?? ''}`;
  const [errorAddresses, setErrorAddresses] = useState(addressKey);
  if (errorAddresses !== addressKey) {
    setErrorAddresses(addressKey);
    setFormError(null);
  }
  const [checking, setChecking] = useState(false);
  const submitting = useRef(false);
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
    !emptyHandoff,
  );
  const data = summary.data;
  const placing = usePlaceOrder(
    user,
    validateMobile(mobileValue).ok ? mobileValue : '',
    admissionId !== null,
  );

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
    return (
      <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" className="text-2xl font-bold">
          Checkout
        </h1>
        <div className="mt-4 flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <p className="text-lg font-semibold" role="status">
            {CHECKOUT_MESSAGES.cartEmpty}
          </p>
          <Link to="/products" className={buttonClass('primary', 'px-5')}>
            Browse products
          </Link>
        </div>
      </section>
    );
  }

  // The page appears whole once its parts are there (no jumps, no "₹0", no early Place order).
  const ready =
    !loading && !profile.isPending && payButtons !== undefined && !paySettings.isPending;
  if (!ready) {
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
  /** One submission at a time: the checks below await the server before the order is placed. */
  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    setChecking(true);
    try {
      await checkAndPlace();
    } finally {
      submitting.current = false;
      setChecking(false);
    }
  };
  const checkAndPlace = async () => {
    setFormError(null);
    placing.clearError();
    const errors: { mobile?: string; gst?: string } = {};
    const phone = validateMobile(mobileValue);
    if (!phone.ok) errors.mobile = phone.message;
    const gstCheck = updateUserRequestSchema.shape.user_gstNo.safeParse(gstValue);
    if (!gstCheck.success) errors.gst = gstCheck.error.issues[0]?.message ?? 'Invalid GST number';
    setFieldErrors(errors);
    const problem =
      !billing && !admissionId
        ? CHECKOUT_MESSAGES.chooseBilling
        : !shipping && !admissionId
          ? CHECKOUT_MESSAGES.chooseShipping
          : (errors.mobile ?? errors.gst ?? (!paymentMode ? CHOOSE_PAY_MODE : null));
    if (problem) {
      setFormError(problem);
      return;
    }
    // The summary of what is on screen now (a change may still be on its way to the server).
    const current = summary.isFetching
      ? (await summary.refetch({ cancelRefetch: false })).data
      : data;
    if (!current) {
      setFormError(serverMessage(summary.error, 'The order summary could not be loaded.'));
      return;
    }
    if (!current.orderable) {
      setFormError(current.reason ?? 'This order cannot be placed.');
      return;
    }
    if (!paymentMode || !phone.ok) return;
    const parties = admissionId
      ? { admission_id: admissionId }
      : billing && shipping
        ? { billing_address: billing.id, shipping_address: shipping.id }
        : null;
    if (!parties) return;
    const gstNo = gstCheck.data ?? '';
    if (phone.mobile !== profile.data?.mobile || gstNo !== (profile.data?.user_gstNo ?? '')) {
      try {
        await saveProfile(user.user_id, { mobile: phone.mobile, user_gstNo: gstNo });
        void profile.refetch();
      } catch (e) {
        // A refusal naming the mobile or GST number is shown beside that field.
        const named =
          e instanceof ServerError
            ? ({ mobile: 'mobile', user_gstNo: 'gst' } as const)[e.field ?? '']
            : undefined;
        const text = serverMessage(e, 'Your mobile and GST number could not be saved.');
        if (named) setFieldErrors((f) => ({ ...f, [named]: text }));
        else setFormError(text);
        return;
      }
    }
    await placing.place({
      user_id: user.user_id,
      cart_products: current.lines.map((l) => ({
        product_id: l.product_id,
        product_sku: l.product_sku,
        quantity: l.quantity,
      })),
      ...parties,
      mobile: phone.mobile,
      coupon_code: current.couponapplied ? current.coupon_code : '',
      customer_note: note.trim(),
      payment_mode: paymentMode,
      user_gstNo: gstNo,
    });
  };

  const unorderable = data && !data.orderable ? data.reason : undefined;
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
          <section aria-labelledby="contact-heading" className="flex flex-col gap-3">
            <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
              Contact
            </h2>
            <TextField
              label="Mobile number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={MOBILE_INPUT_MAX_LENGTH}
              value={mobileValue}
              error={fieldErrors.mobile}
              onChange={(e) => {
                setMobile(e.target.value);
                setFieldErrors((f) => ({ ...f, mobile: undefined }));
              }}
              onBlur={() => {
                const phone = validateMobile(mobileValue);
                if (phone.ok) setMobile(phone.mobile);
              }}
            />
            <TextField
              label="GST number (optional)"
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={15}
              value={gstValue}
              error={fieldErrors.gst}
              className="uppercase"
              onChange={(e) => {
                setGst(e.target.value.toUpperCase());
                setFieldErrors((f) => ({ ...f, gst: undefined }));
              }}
            />
          </section>
          <section aria-label="Payment method" className="flex flex-col gap-2">
            {offline && !advance.isPending && (
              <p
                role="status"
                data-testid="online-payments-off"
                className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
              >
                {cashOnly ? CASH_ON_DELIVERY_ONLY : CHECKOUT_MESSAGES.onlinePaymentsOff}
              </p>
            )}
            {checkoutButtons.length > 0 ? (
              <PayModeChoice buttons={checkoutButtons} value={modeId} onChange={setChosenMode} />
            ) : (
              payButtons &&
              !offline && (
                <p className="text-sm text-slate-700">
                  This shop takes no online orders at the moment.
                </p>
              )
            )}
            {paymentMode === 'Pay on delivery' && data && (
              <p className="text-sm text-slate-800" data-testid="pod-split">
                Pay an advance of <strong>{data.delivery_percentage}%</strong> now; the rest on
                delivery.
              </p>
            )}
          </section>
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
        <div
          key={data ? 'priced' : 'pricing'}
          ref={messageRef}
          className="flex h-fit flex-col gap-4 md:sticky md:top-20"
        >
          {data ? (
            <OrderSummaryCard summary={data} updating={summary.isFetching} />
          ) : summary.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {serverMessage(summary.error, 'The order summary could not be loaded.')}{' '}
              <Button variant="ghost" onClick={() => void summary.refetch()}>
                Try again
              </Button>
            </p>
          ) : (
            <OrderSummarySkeleton />
          )}
          {unorderable && !shownError && (
            <p
              role="alert"
              className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
            >
              {unorderable}
            </p>
          )}
          {shownError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {shownError}
            </p>
          )}
          {placing.unpaid && !busy && (
            <Button
              variant="secondary"
              className="min-h-11 w-full"
              onClick={() => void placing.retryPayment()}
            >
              Retry payment
            </Button>
          )}
          {/* On phones the sticky bar carries it. */}
          {!barShown && placeButton('w-full')}
        </div>
      </div>
      {barShown && (
        <StickyTotalBar
          label="Total"
          total={data ? inr(data.totalAmountbeforePay) : null}
          note={
            data && paymentMode === 'Pay on delivery'
              ? `Pay ${inr(data.advance)} now, the rest on delivery`
              : undefined
          }
        >
          {placeButton('px-5')}
        </StickyTotalBar>
      )}
    </section>
  );
}
