import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@shop/contracts';
import { moveQuestion, OrderActionsCard } from './order-actions-card.tsx';

const api = vi.hoisted(() => ({
  patchOrder: vi.fn((_id: string, body: { orderStatus: string }) =>
    Promise.resolve({ orderStatus: body.orderStatus }),
  ),
  collectOrder: vi.fn(() => Promise.resolve({})),
  downloadInvoice: vi.fn(),
  downloadPackingSlip: vi.fn(),
}));
vi.mock('./orders-api.ts', () => api);

/** A pay-on-delivery order with ₹1,559 left to collect, not yet invoiced. */
const podOrder = (patch: Partial<AdminOrder>) =>
  ({
    order_id: 'o1',
    receipt_id: 'rcpt_1',
    version: 3,
    orderStatus: 'Processing',
    payment_mode: 'Pay on delivery',
    status: 'Success',
    advance: 0,
    remaining_amount: 1559,
    collected_at: null,
    refunds: [],
    razorpay_order_id: null,
    invoice: null,
    ...patch,
  }) as unknown as AdminOrder;

function renderCard(order: AdminOrder) {
  const onDone = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActionsCard order={order} onDone={onDone} onFail={vi.fn()} />
    </QueryClientProvider>,
  );
  return onDone;
}

beforeEach(() => {
  api.patchOrder.mockClear();
  api.collectOrder.mockClear();
});

describe('OrderActionsCard', () => {
  it('says what a move will do beside its button, and moves nothing until the shop says yes', async () => {
    const onDone = renderCard(podOrder({}));
    fireEvent.click(screen.getByRole('button', { name: 'Mark Delivered' }));
    const step = screen.getByTestId('order-confirm-step');
    expect(step).toHaveTextContent(
      'Mark this order Delivered? It skips Packed, Shipped and Out for delivery. Its GST tax invoice is issued now. The customer is emailed, and its status cannot go back.',
    );
    expect(screen.getByRole('button', { name: 'Yes, mark Delivered' })).toHaveFocus();
    expect(api.patchOrder).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('order-confirm-step')).not.toBeInTheDocument();
    expect(api.patchOrder).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Mark Packed' }));
    expect(screen.getByTestId('order-confirm-step')).toHaveTextContent(
      'Mark this order Packed? The customer is emailed, and its status cannot go back.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark Packed' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Moved to Packed.'));
    expect(api.patchOrder).toHaveBeenCalledTimes(1);
    expect(api.patchOrder.mock.calls[0]![1]).toMatchObject({ orderStatus: 'Packed', version: 3 });
  });

  it('asks before recording the cash collected at delivery', async () => {
    const onDone = renderCard(
      podOrder({ orderStatus: 'Delivered', invoice: { number: 'INV/2627/000002' } } as never),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Collected ₹1,559 at delivery' }));
    expect(screen.getByTestId('order-confirm-step')).toHaveTextContent(
      'Record ₹1,559 collected at delivery? The order is then fully paid; this cannot be undone.',
    );
    expect(api.collectOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, ₹1,559 collected' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith('Marked collected: the order is fully paid.'),
    );
    expect(api.collectOrder).toHaveBeenCalledWith('o1', 3);
  });

  it('names no invoice once the order has one', () => {
    expect(
      moveQuestion(
        podOrder({ orderStatus: 'Out for delivery', invoice: { number: 'INV/1' } } as never),
        'Delivered',
      ),
    ).toBe('Mark this order Delivered? The customer is emailed, and its status cannot go back.');
  });
});
