import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@shop/contracts';
import { pricedLine, testSummary } from '../test-checkout-fixtures.ts';
import { OrderSummaryCard } from './order-summary-card.tsx';

describe('OrderSummaryCard', () => {
  it('shows the delivery charge of goods that are delivered', () => {
    render(<OrderSummaryCard summary={testSummary()} updating={false} />);
    expect(screen.getByText('Delivery charge').nextElementSibling).toHaveTextContent('₹');
  });

  it('never shows the distance the charge is priced by', () => {
    render(<OrderSummaryCard summary={testSummary({ distance: 1490 })} updating={false} />);
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent(/km|1490/);
  });

  it('says the charge comes with the address before one is chosen, not "Not available"', () => {
    render(
      <OrderSummaryCard
        summary={testSummary({
          orderable: false,
          reason: CHECKOUT_MESSAGES.chooseShipping,
          field: 'shipping_address',
          deliveryCharge: 0,
          distance: null,
        })}
        updating={false}
      />,
    );
    const charge = screen.getByText('Delivery charge').nextElementSibling;
    expect(charge).toHaveTextContent('Calculated after you choose an address');
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent(/Not available|Free/);
  });

  it('says "Not available" where the shop does not deliver', () => {
    render(
      <OrderSummaryCard
        summary={testSummary({
          orderable: false,
          reason: 'We do not deliver to this pincode yet.',
          field: 'shipping_address',
          deliveryCharge: 0,
        })}
        updating={false}
      />,
    );
    expect(screen.getByText('Delivery charge').nextElementSibling).toHaveTextContent(
      'Not available',
    );
  });

  it('shows "Free" delivery when the band charges nothing', () => {
    render(
      <OrderSummaryCard
        summary={testSummary({ deliveryCharge: 0, free_delivery: true })}
        updating={false}
      />,
    );
    expect(screen.getByText('Delivery charge').nextElementSibling).toHaveTextContent('Free');
  });

  it('shows no delivery line for courses only: nothing is delivered', () => {
    const course = pricedLine('COURSE-1', { product_name: 'Beginner skating', course: true });
    render(
      <OrderSummaryCard
        summary={testSummary({ lines: [course], deliveryCharge: 0, distance: null })}
        updating={false}
      />,
    );
    expect(screen.getByText('Beginner skating')).toBeInTheDocument();
    expect(screen.queryByText('Delivery charge')).not.toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
  });
});
