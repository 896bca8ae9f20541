import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@shop/domain';
import { bulkMoveEffect, OrdersBulkBar } from './orders-bulk-bar.tsx';

const bulkMove = vi.hoisted(() =>
  vi.fn((ids: string[], _to: string) =>
    Promise.resolve(ids.map((id) => ({ order_id: id, result: 'moved' as const }))),
  ),
);
vi.mock('./orders-api.ts', () => ({ bulkMove }));

// jsdom has <dialog> but not its modal methods: open and close it as the browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

function renderBar(moveTo: OrderStatus) {
  const list = { selected: new Set(['o1', 'o2']), clearSelection: vi.fn(), setNotice: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrdersBulkBar list={list} moveTo={moveTo} onMoveTo={() => undefined} />
    </QueryClientProvider>,
  );
  return list;
}

describe('OrdersBulkBar', () => {
  it('says what a bulk cancel will do and moves nothing until the shop confirms', async () => {
    const list = renderBar('Cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Move 2 orders to Cancelled?' });
    expect(dialog).toHaveTextContent(bulkMoveEffect('Cancelled'));
    expect(bulkMove).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bulkMove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 to Cancelled' }));
    await waitFor(() => expect(list.setNotice).toHaveBeenCalledWith('2 moved to Cancelled.'));
    expect(bulkMove).toHaveBeenCalledWith(['o1', 'o2'], 'Cancelled');
    expect(list.clearSelection).toHaveBeenCalled();
  });

  it('warns that a bulk ship carries no courier or tracking number', () => {
    renderBar('Shipped');
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    expect(screen.getByRole('dialog', { name: 'Move 2 orders to Shipped?' })).toHaveTextContent(
      'without a courier or tracking number',
    );
  });
});
