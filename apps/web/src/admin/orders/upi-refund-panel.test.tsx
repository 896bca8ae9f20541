import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@shop/contracts';
import { UpiRefundPanel } from './upi-refund-panel.tsx';

const adminJson = vi.hoisted(() => vi.fn());
vi.mock('../lib/admin-api.ts', () => ({ adminJson }));

/** A cancelled UPI order of ₹1,299 whose refund waits for the shop to send it. */
const cancelledUpi = (patch: Partial<AdminOrder> = {}) =>
  ({
    order_id: 'o1',
    order_number: 'UR-10042',
    orderStatus: 'Cancelled',
    payment_mode: 'Pay by UPI',
    status: 'Refund pending',
    refunds: [
      { id: 'r1', amount: 1299, status: 'pending', reason: '', createdAt: '', processedAt: null },
    ],
    ...patch,
  }) as unknown as AdminOrder;

function renderPanel(order: AdminOrder) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UpiRefundPanel order={order} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  adminJson.mockReset();
});

describe('UpiRefundPanel', () => {
  it('is only on a UPI order whose refund waits', () => {
    renderPanel(cancelledUpi({ payment_mode: 'Pay now' }));
    renderPanel(cancelledUpi({ status: 'Refunded' }));
    expect(screen.queryByTestId('upi-refund')).toBeNull();
  });

  it('records the refund with its UTR only after saying what it does', async () => {
    adminJson.mockResolvedValue({ data: { status: 'Refunded' } });
    renderPanel(cancelledUpi());
    expect(screen.getByRole('heading')).toHaveTextContent('Refund of ₹1,299 to send by UPI');
    const record = screen.getByRole('button', { name: 'Record refund sent…' });
    expect(record).toBeDisabled();
    fireEvent.change(screen.getByLabelText('UTR of your refund transfer'), {
      target: { value: '512345678901' },
    });
    fireEvent.click(record);
    expect(screen.getByTestId('order-confirm-step')).toHaveTextContent(
      'Order UR-10042 will be marked Refunded and the customer emailed this UTR.',
    );
    expect(adminJson).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, ₹1,299 sent' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the order is Refunded');
    expect(adminJson).toHaveBeenCalledWith('POST', '/admin/orders/o1/upi/refund-sent', {
      utr: '512345678901',
    });
  });

  it('says why the shop refused it, beside the UTR', async () => {
    adminJson.mockRejectedValue(new Error('Enter the 12-digit UTR of the payment.'));
    renderPanel(cancelledUpi());
    fireEvent.change(screen.getByLabelText('UTR of your refund transfer'), {
      target: { value: '5123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record refund sent…' }));
    fireEvent.click(screen.getByRole('button', { name: /^Yes, / }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('UTR of your refund transfer')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
