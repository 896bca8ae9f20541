import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PaymentMode } from '@shop/contracts';
import {
  defaultPayMode,
  offeredPayButtons,
  payButtonsForLines,
  type CourseFlagged,
  type PayButtonId,
} from '@shop/domain';
import { readCheckoutData } from '../../../lib/checkout-handoff.ts';
import { usePayButtons } from '../../../lib/store-queries.ts';
import { advancePercentQuery, paySettingsQuery } from '../api/checkout-api.ts';

const MODE_OF: Partial<Record<PayButtonId, PaymentMode>> = {
  paymanual: 'Pay by UPI',
  paynow: 'Pay now',
  payondelivery: 'Pay on delivery',
};

/**
 * The payment methods a checkout (or the cart) offers and the one chosen (the spec's default
 * until the shopper picks one): the domain's `offeredPayButtons` of the shop's buttons, its
 * gateway keys and its advance, then `payButtonsForLines` of the lines bought (`lines`; checkout
 * data when not given): no pay on delivery for a course unless the shop takes payment at the
 * academy, named "Pay at the academy" for courses only.
 */
export function useCheckoutPayModes(admissionId: string | null, lines?: readonly CourseFlagged[]) {
  const { data: payButtons } = usePayButtons();
  const paySettings = useQuery(paySettingsQuery); // read early: the payment window needs it
  const offline = paySettings.data?.online_payments === false;
  const advance = useQuery({ ...advancePercentQuery, enabled: offline });
  const cashOnly = offline && advance.data === 0;

  const payAtAcademy = paySettings.data?.pay_at_academy === true;
  const [handoffLines] = useState(() => readCheckoutData()?.products ?? []);
  const bought = lines ?? handoffLines;
  const checkoutButtons = useMemo(
    () =>
      payButtonsForLines(
        offeredPayButtons(payButtons ?? [], {
          onlinePayments: !offline,
          advancePercent: advance.data,
          admission: admissionId !== null,
        }),
        bought,
        payAtAcademy,
      ),
    [payButtons, offline, advance.data, admissionId, bought, payAtAcademy],
  );
  const [chosenMode, setChosenMode] = useState<PayButtonId | null>(null);
  const modeId = chosenMode ?? defaultPayMode(checkoutButtons);
  return {
    /** The shop's pay buttons, undefined while they load. */
    payButtons,
    /** Whether the shop's payment settings are still loading. */
    settingsPending: paySettings.isPending,
    offline,
    cashOnly,
    advanceKnown: !advance.isPending,
    checkoutButtons,
    modeId,
    setChosenMode,
    paymentMode: modeId ? MODE_OF[modeId] : undefined,
  };
}
