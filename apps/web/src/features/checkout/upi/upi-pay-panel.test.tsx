import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpiPayment } from '@shop/contracts';
import { UPI_MESSAGES } from '@shop/domain';
import { UpiPayPanel } from './upi-pay-panel.tsx';

const payment = (over: Partial<UpiPayment> = {}): UpiPayment => ({
  order_id: 'o1',
  receipt_id: 'r1',
  order_number: 'UR-10123',
  amount: 699,
  upi_id: 'shop@okbank',
  payee_name: 'Urban Roll',
  note: 'UR-10123',
  link: 'upi://pay?pa=shop@okbank',
  qr_svg: '<svg></svg>',
  qr_image: '',
  utr: null,
  state: 'awaiting-payment',
  orderStatus: 'Pending',
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('UpiPayPanel: after "I have paid" (issue 59 item 4)', () => {
  it('brings the confirmation into view with the focus, saying what happens next and when', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const onSubmitUtr = vi.fn(() => Promise.resolve());
    const view = render(
      <MemoryRouter>
        <UpiPayPanel payment={payment()} submitting={false} onSubmitUtr={onSubmitUtr} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/UTR \/ UPI reference/), {
      target: { value: '1234 5678 9012' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
      await Promise.resolve();
    });
    expect(onSubmitUtr).toHaveBeenCalledWith('123456789012');
    expect(scrolled).not.toHaveBeenCalled();
    // The server's answer arrives: the order waits for the shop's confirmation.
    view.rerender(
      <MemoryRouter>
        <UpiPayPanel
          payment={payment({ state: 'awaiting-confirmation', utr: '123456789012' })}
          submitting={false}
          onSubmitUtr={onSubmitUtr}
        />
      </MemoryRouter>,
    );
    const title = screen.getByTestId('upi-state');
    expect(title).toHaveTextContent(UPI_MESSAGES.awaitingConfirmation);
    const box = title.closest('section')!;
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(box);
    expect(box).toHaveFocus();
    expect(box).toHaveTextContent('What happens next');
    expect(box).toHaveTextContent('as soon as it sees it');
  });

  it('does not move the page when it opens on an order already awaiting confirmation', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(
      <MemoryRouter>
        <UpiPayPanel
          payment={payment({ state: 'awaiting-confirmation', utr: '123456789012' })}
          submitting={false}
          onSubmitUtr={() => Promise.resolve()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('upi-state')).toHaveTextContent(UPI_MESSAGES.awaitingConfirmation);
    expect(scrolled).not.toHaveBeenCalled();
  });
});
