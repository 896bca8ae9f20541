import type { PayButton, PaymentMode } from '@shop/contracts';
import { CHECKOUT_MESSAGES } from '@shop/contracts/messages';
import { PAY_AT_ACADEMY_LABEL, type PayButtonId } from '@shop/domain';
import { PayModeChoice } from '../../../components/payment/pay-mode-choice.tsx';

/** No gateway keys yet, but pay on delivery without an advance is offered. */
const CASH_ON_DELIVERY_ONLY =
  'This shop cannot take online payments yet. You can order now and pay the whole amount on delivery.';

/**
 * Checkout's payment method: why online payment is off (when it is), the methods offered, and
 * the advance a pay-on-delivery order pays now.
 */
export function CheckoutPaymentMethod({
  offline,
  cashOnly,
  advanceKnown,
  allButtons,
  buttons,
  modeId,
  onMode,
  paymentMode,
  advancePercent,
}: {
  /** The shop has no gateway keys yet. */
  offline: boolean;
  /** Offline, and pay on delivery needs no advance. */
  cashOnly: boolean;
  advanceKnown: boolean;
  /** The shop's pay buttons, undefined while they load. */
  allButtons: readonly PayButton[] | undefined;
  /** The buttons this checkout offers. */
  buttons: readonly PayButton[];
  modeId: PayButtonId | null;
  onMode: (id: PayButtonId) => void;
  paymentMode: PaymentMode | undefined;
  /** The advance a pay-on-delivery order pays now, from the server's summary. */
  advancePercent: number | undefined;
}) {
  // Pay by UPI is paid to the shop directly: where it is offered nothing needs explaining.
  const upiOffered = buttons.some((b) => b.button_id === 'paymanual');
  // Courses only, where the shop takes payment at its academy: the rest is paid there.
  const atAcademy = buttons.some(
    (b) => b.button_id === 'payondelivery' && b.label === PAY_AT_ACADEMY_LABEL,
  );
  const where = atAcademy ? 'at the academy' : 'on delivery';
  return (
    <section aria-label="Payment method" className="flex flex-col gap-2">
      {offline && advanceKnown && !upiOffered && (
        <p
          role="status"
          data-testid="online-payments-off"
          className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
        >
          {cashOnly ? CASH_ON_DELIVERY_ONLY : CHECKOUT_MESSAGES.onlinePaymentsOff}
        </p>
      )}
      {buttons.length > 0 ? (
        <PayModeChoice buttons={buttons} value={modeId} onChange={onMode} />
      ) : (
        allButtons &&
        !offline && (
          <p className="text-sm text-slate-700">This shop takes no online orders at the moment.</p>
        )
      )}
      {paymentMode === 'Pay on delivery' && advancePercent !== undefined && (
        <p className="text-sm text-slate-800" data-testid="pod-split">
          {advancePercent > 0 ? (
            <>
              Pay an advance of <strong>{advancePercent}%</strong> now; the rest {where}.
            </>
          ) : (
            `Pay the whole amount ${where}.`
          )}
        </p>
      )}
    </section>
  );
}
