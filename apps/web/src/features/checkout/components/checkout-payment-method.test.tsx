import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayButton } from '@shop/contracts';
import { payButtonsForLines } from '@shop/domain';
import { CheckoutPaymentMethod } from './checkout-payment-method.tsx';

const SHOP: PayButton[] = [
  { button_id: 'paynow', label: 'Pay now', default: true, status: 'Active' },
  { button_id: 'payondelivery', label: 'Pay on delivery', default: false, status: 'Active' },
];
const course = { course: true };
const helmet = { course: false };

function renderWith(buttons: PayButton[], podChosen = false) {
  render(
    <CheckoutPaymentMethod
      offline={false}
      cashOnly={false}
      advanceKnown
      allButtons={SHOP}
      buttons={buttons}
      modeId={podChosen ? 'payondelivery' : 'paynow'}
      onMode={() => undefined}
      paymentMode={podChosen ? 'Pay on delivery' : 'Pay now'}
      advancePercent={20}
    />,
  );
}

describe('checkout’s payment method for courses (issue 59 item 5)', () => {
  it('offers no pay on delivery for a course when the shop takes no payment at the academy', () => {
    renderWith(payButtonsForLines(SHOP, [course], false));
    expect(screen.getByRole('radio', { name: 'Pay now' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /on delivery|academy/ })).not.toBeInTheDocument();
  });

  it('offers "Pay at the academy" for courses only, the rest paid at the academy', () => {
    renderWith(payButtonsForLines(SHOP, [course], true), true);
    expect(screen.getByRole('radio', { name: 'Pay at the academy' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Pay on delivery' })).not.toBeInTheDocument();
    expect(screen.getByTestId('pod-split')).toHaveTextContent(
      'Pay an advance of 20% now; the rest at the academy.',
    );
  });

  it('keeps "Pay on delivery" for goods, and for goods with a course', () => {
    renderWith(payButtonsForLines(SHOP, [helmet, course], true), true);
    expect(screen.getByRole('radio', { name: 'Pay on delivery' })).toBeChecked();
    expect(screen.getByTestId('pod-split')).toHaveTextContent('the rest on delivery.');
  });
});
