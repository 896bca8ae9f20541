import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartMode } from '@shop/domain';
import { saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { Component as MyAccount } from './my-account-page.tsx';

const cartMode = vi.hoisted((): { current: CartMode | undefined } => ({ current: 'addtocart' }));
vi.mock('../../lib/store-queries.ts', () => ({
  useCartMode: () => cartMode.current,
  useShopName: () => 'Urban Roll',
}));

function renderPage() {
  const router = createMemoryRouter([{ path: '/my-account', element: <MyAccount /> }], {
    initialEntries: ['/my-account'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/my-account tabs', () => {
  beforeEach(() => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    // The orders tab reads GET /payment/{user_id}: none yet.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"isError":false,"data":[]}', { status: 200 }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has Orders, Address and Help, and the empty orders state', async () => {
    cartMode.current = 'addtocart';
    renderPage();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Orders', 'Address', 'Help']);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('loads the address book when its tab is opened', async () => {
    cartMode.current = 'addtocart';
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Address' }));
    // Its script is fetched on the first click (a module transformed on demand here: slow).
    expect(
      await screen.findByRole('button', { name: 'Add address' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('hides the Address tab when the default cart button is Get Quote', async () => {
    cartMode.current = 'getquote';
    renderPage();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Orders', 'Help']);
  });
});
