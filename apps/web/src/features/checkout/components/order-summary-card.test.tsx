import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pricedLine, testSummary } from '../test-checkout-fixtures.ts';
import { OrderSummaryCard } from './order-summary-card.tsx';

describe('OrderSummaryCard', () => {
  it('shows the delivery charge of goods that are delivered', () => {
    render(<OrderSummaryCard summary={testSummary()} updating={false} />);
    expect(screen.getByText('Delivery charge')).toBeInTheDocument();
    expect(screen.getByText('(8 km)')).toBeInTheDocument();
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
