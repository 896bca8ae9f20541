import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts';
import { testOrderBase } from '../../../test-order-fixtures.ts';
import { BillDetails } from './order-bill-details.tsx';

/** A pay on delivery order of ₹505 with a ₹101 advance. */
const onDelivery = (over: Partial<Order>) =>
  testOrderBase({
    payment_mode: 'Pay on delivery',
    amountbeforediscount: 505,
    amountafterdiscount: 505,
    totalAmountbeforePay: 505,
    advance: 101,
    remaining_amount: 404,
    ...over,
  });
const bill = () => within(screen.getByTestId('bill-details'));

describe('the bill of a pay on delivery order (issue 59 item 8)', () => {
  it('says "Advance paid" once the advance was paid', () => {
    render(<BillDetails order={onDelivery({ advance_paid: true, status: 'Success' })} />);
    expect(bill().getByText('Advance paid')).toBeTruthy();
    expect(bill().getByText('₹101')).toBeTruthy();
  });

  it('never says "Advance paid" for a cancelled order whose advance was never paid', () => {
    render(
      <BillDetails
        order={onDelivery({ advance_paid: false, status: 'Pending', orderStatus: 'Cancelled' })}
      />,
    );
    expect(bill().queryByText('Advance paid')).toBeNull();
    expect(bill().getByText('Advance (not paid)')).toBeTruthy();
  });

  it('an advance still owed is "to pay"', () => {
    render(<BillDetails order={onDelivery({ advance_paid: false, status: 'Pending' })} />);
    expect(bill().getByText('Advance to pay')).toBeTruthy();
  });
});
