import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PaymentMode } from '@shop/contracts';
import { defaultPayMode, offeredPayButtons, type PayButtonId } from '@shop/domain';
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
 * gateway keys and its advance.
 */
export function useCheckoutPayModes(admissionId: string | null) {
  const { data: payButtons } = usePayButtons();
  const paySettings = useQuery(paySettingsQuery); // read early: the payment window needs it
  const offline = paySettings.data?.online_payments === false;
  const advance = useQuery({ ...advancePercentQuery, enabled: offline });
  const cashOnly = offline && advance.data === 0;

  const checkoutButtons = useMemo(
    () =>
      offeredPayButtons(payButtons ?? [], {
        onlinePayments: !offline,
        advancePercent: advance.data,
        admission: admissionId !== null,
      }),
    [payButtons, offline, advance.data, admissionId],
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
