import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_MESSAGES } from '@shop/domain';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { PayAgainButton } from './pay-again-button.tsx';

let refusal: string;
beforeEach(() => {
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/payment/order/o1/pay'
          ? new Response(
              JSON.stringify({ isError: true, msg: refusal, message: refusal, field: 'id' }),
              { status: 409 },
            )
          : new Response('{}', { status: 404 }),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderButton(extra: { otherWayLabel?: string; onStart?: () => void } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PayAgainButton
          user={testUser}
          order={{ order_id: 'o1', order_number: 'UR-10123', mobile: '9876543210' }}
          {...extra}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Pay now of an order that cannot be paid as placed (issue 58)', () => {
  it('says why beside the button and offers the cart, to place it again at today’s price', async () => {
    refusal = RETRY_MESSAGES.changed;
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now: order UR-10123' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RETRY_MESSAGES.changed);
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  });

  it('offers no cart for another refusal', async () => {
    refusal = RETRY_MESSAGES.notAwaiting;
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now: order UR-10123' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RETRY_MESSAGES.notAwaiting);
    expect(screen.queryByRole('link', { name: 'Go to cart' })).toBeNull();
  });
});

describe('Choose another way (the failed page, issue 59 item 4)', () => {
  it('opens the same order again, never placing a second one, and stops the redirect', async () => {
    refusal = RETRY_MESSAGES.notAwaiting;
    const onStart = vi.fn();
    renderButton({ otherWayLabel: 'Choose another way', onStart });
    fireEvent.click(screen.getByRole('button', { name: 'Choose another way: order UR-10123' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    await screen.findByRole('alert');
    const urls = vi.mocked(fetch).mock.calls.map(([url]) => url as string);
    expect(urls).toContain('/api/payment/order/o1/pay');
    expect(urls.filter((u) => u === '/api/payment' || u === '/api/payment/paydelivery')).toEqual(
      [],
    );
  });

  it('is not there unless asked for', () => {
    renderButton();
    expect(screen.queryByRole('button', { name: /Choose another way/ })).toBeNull();
  });
});
