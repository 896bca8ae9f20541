import { useRef, useState } from 'react';
import type { AccountUser, Address, PaymentMode } from '@shop/contracts';
import { CHECKOUT_MESSAGES } from '@shop/contracts/messages';
import { customerGstNoProblem, validateMobile } from '@shop/domain';
import { ServerError, serverMessage } from '../../../lib/api-request.ts';
import { saveProfile, type usePaymentSummary, type useProfile } from '../api/checkout-api.ts';
import type { PlaceOrderState } from './use-place-order.ts';

const CHOOSE_PAY_MODE = 'Please choose a payment method.';

/** The messages shown beside the mobile and GST boxes. */
export interface ContactErrors {
  mobile?: string;
  gst?: string;
}

/**
 * Place order on the checkout screen: checks the form (addresses, mobile, GST number, payment
 * mode), waits for the server's summary of what is on screen, saves a changed mobile or GST
 * number to the profile, then places the order. One submission at a time.
 */
export function useCheckoutSubmit({
  user,
  shipping,
  billing,
  admissionId,
  mobile,
  gst,
  paymentMode,
  note,
  summary,
  profile,
  placing,
}: {
  user: AccountUser;
  shipping: Address | null;
  billing: Address | null;
  admissionId: string | null;
  mobile: string;
  gst: string;
  paymentMode: PaymentMode | undefined;
  note: string;
  summary: ReturnType<typeof usePaymentSummary>;
  profile: ReturnType<typeof useProfile>;
  placing: PlaceOrderState;
}) {
  const [fieldErrors, setFieldErrors] = useState<ContactErrors>({});
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

  const checkAndPlace = async () => {
    setFormError(null);
    placing.clearError();
    const errors: ContactErrors = {};
    const phone = validateMobile(mobile);
    if (!phone.ok) errors.mobile = phone.message;
    const gstProblem = customerGstNoProblem(gst);
    if (gstProblem) errors.gst = gstProblem;
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
      : summary.data;
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
    const gstNo = gst.trim().toUpperCase();
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

  return {
    /** Checks, then places the order; a second press while one is under way does nothing. */
    submit: async () => {
      if (submitting.current) return;
      submitting.current = true;
      setChecking(true);
      try {
        await checkAndPlace();
      } finally {
        submitting.current = false;
        setChecking(false);
      }
    },
    checking,
    fieldErrors,
    /** Forgets the message beside one box (the shopper is changing it). */
    clearFieldError: (field: keyof ContactErrors) =>
      setFieldErrors((f) => ({ ...f, [field]: undefined })),
    formError,
  };
}
