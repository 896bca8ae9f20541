import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountUser, RazorpayOrder } from '@shop/contracts';
import { serverMessage } from '../../../lib/api-request.ts';
import { logError } from '../../../lib/log-error.ts';
import {
  payAgain as payAgainRequest,
  paySettingsQuery,
  placeOrder,
  verifyPayment,
  type OrderBody,
  type PlacedOrder,
} from '../api/checkout-api.ts';
import { loadCheckoutScript, openGateway } from '../gateway/checkout-script.ts';
import { newAttemptKey } from './attempt-key.ts';

/** A Pay now answer for a ₹0 order: paid in full by its discount, no gateway order. */
const isPaidAsPlaced = (order: PlacedOrder) => 'status' in order && order.status === 'Success';

/** The checkout messages of accounts-checkout-payments §8. */
export const PLACE_MESSAGES = {
  noGatewayOrder: 'Failed to create Razorpay order',
  failed: 'Error during checkout',
  dismissed:
    'The payment was not completed. Your order is kept as "Payment pending": pay it when ready.',
} as const;

export type PlacePhase = 'idle' | 'placing' | 'paying' | 'verifying';

export interface PlaceOrderState {
  phase: PlacePhase;
  /** An error to show next to the button, or null. */
  error: string | null;
  /** An order whose payment window was closed before paying: it can be paid again. */
  unpaid: PlacedOrder | null;
  /** Places the order (once at a time) and takes the payment. */
  place(body: OrderBody): Promise<void>;
  /** Opens the payment window again for the unpaid order. */
  retryPayment(): Promise<void>;
  /**
   * Pays an order awaiting its payment again (Pay now, Try again): the server answers the same
   * order's gateway order (a fresh one once its hold had ended), then the payment window.
   */
  payAgain(orderId: string): Promise<void>;
  /** Forgets an error (the shopper changed something). */
  clearError(): void;
}

/**
 * Placing an order (accounts-checkout-payments §4): POST /payment or /payment/paydelivery with
 * one Idempotency-Key per attempt (the same order body keeps its key, so a retry or a second
 * click returns the same order), then the gateway's window for the total or the advance, then
 * POST /payment/verify. Success goes to /payment-success/{id}; a failed or unverified payment to
 * /payment-failed/{id}; closing the window stays here with the order kept for a retry. A pay on
 * delivery order without an advance, or a ₹0 order (fully discounted), is done at once.
 */
export function usePlaceOrder(
  user: AccountUser,
  mobile: string,
  /** An admission order: admission-pay calls and the /payment-successad and -failedad pages. */
  admission = false,
): PlaceOrderState {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PlacePhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [unpaid, setUnpaid] = useState<PlacedOrder | null>(null);
  const busy = useRef(false);
  /** Product orders' pages carry the order id; admission pages the receipt id (the spec). */
  const resultPage = useCallback(
    (outcome: 'success' | 'failed', order: PlacedOrder) =>
      admission
        ? `/payment-${outcome}ad/${encodeURIComponent(order.receipt_id)}`
        : `/payment-${outcome}/${encodeURIComponent(order.order_id)}`,
    [admission],
  );
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const pay = useCallback(
    async (order: PlacedOrder, gatewayOrder: RazorpayOrder) => {
      setPhase('paying');
      const settings = await queryClient.fetchQuery(paySettingsQuery);
      const Widget = await loadCheckoutScript(settings.gateway);
      const outcome = await openGateway(Widget, {
        key: gatewayOrder.key_id,
        amount: gatewayOrder.amount,
        currency: 'INR',
        name: settings.company_name,
        description: `Order ${order.order_number}`,
        order_id: gatewayOrder.id,
        prefill: { name: user.full_name || user.name, email: user.email, contact: mobile },
        theme: { color: settings.company_color },
      });
      if (outcome.kind === 'dismissed') {
        setUnpaid(order);
        setError(PLACE_MESSAGES.dismissed);
        setPhase('idle');
        return;
      }
      const failedPage = resultPage('failed', order);
      if (outcome.kind === 'failed') {
        await navigate(failedPage);
        return;
      }
      setPhase('verifying');
      let verified = false;
      try {
        const answer = await verifyPayment(
          { ...outcome.answer, key_id: gatewayOrder.key_id, receipt_id: order.receipt_id },
          admission,
        );
        verified = answer.success;
      } catch (e) {
        logError('payment verification', e);
      }
      await navigate(verified ? resultPage('success', order) : failedPage);
    },
    [navigate, queryClient, user, mobile, resultPage, admission],
  );

  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      await task();
    } catch (e) {
      logError('checkout', e);
      setError(serverMessage(e, PLACE_MESSAGES.failed));
    } finally {
      busy.current = false;
      setPhase('idle');
    }
  }, []);

  const place = useCallback(
    (body: OrderBody) =>
      run(async () => {
        setPhase('placing');
        setUnpaid(null);
        const fingerprint = JSON.stringify(body);
        if (attempt.current?.body !== fingerprint) {
          attempt.current = { body: fingerprint, key: newAttemptKey() };
        }
        const order = await placeOrder(body, attempt.current.key);
        if ('upi' in order) {
          // Pay by UPI (decision 0039): the order holds its stock; the UPI page shows the QR,
          // the UPI ID and the UTR form.
          await navigate(`/pay-upi/${encodeURIComponent(order.order_id)}`);
        } else if ('razorpay_order' in order && order.razorpay_order) {
          await pay(order, order.razorpay_order);
        } else if (body.payment_mode === 'Pay on delivery' || isPaidAsPlaced(order)) {
          // Nothing to take online (no advance, or a ₹0 order paid in full by its discount):
          // the order is placed and confirmed.
          await navigate(resultPage('success', order));
        } else {
          setError(PLACE_MESSAGES.noGatewayOrder);
        }
      }),
    [run, pay, navigate, resultPage],
  );

  /** The same order opened again by the server (its hold may have ended meanwhile). */
  const reopen = useCallback(
    async (orderId: string) => {
      setPhase('placing');
      const order = await payAgainRequest(orderId);
      if (order.razorpay_order.status === 'paid') {
        await navigate(resultPage('success', order));
        return;
      }
      await pay(order, order.razorpay_order);
    },
    [pay, navigate, resultPage],
  );

  const retryPayment = useCallback(
    () =>
      run(async () => {
        if (unpaid) await reopen(unpaid.order_id);
      }),
    [run, reopen, unpaid],
  );

  const payAgain = useCallback((orderId: string) => run(() => reopen(orderId)), [run, reopen]);

  return {
    phase,
    error,
    unpaid,
    place,
    retryPayment,
    payAgain,
    clearError: useCallback(() => setError(null), []),
  };
}
