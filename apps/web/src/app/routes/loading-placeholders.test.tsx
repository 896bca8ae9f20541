import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { Component as ContentPage } from './content-page.tsx';
import { Component as PayUpiPage } from './pay-upi-page.tsx';

/** Opens `url` on `path`, every API read still waiting for its answer. */
function renderLoading(Page: ComponentType, path: string, url: string) {
  const router = createMemoryRouter([{ path, element: <Page /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a page while it loads', () => {
  beforeEach(() => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  // A name on a plain div is an ARIA error (axe: aria-prohibited-attr); a status may have one.
  it.each([
    ['a content page', ContentPage, '/about', '/about'],
    [
      'the UPI pay page',
      PayUpiPage,
      '/pay-upi/:orderId',
      '/pay-upi/0b7c2f3e-1d2a-4c5b-8e9f-0a1b2c3d4e5f',
    ],
  ] as const)('%s says so as a named status', async (_, Page, path, url) => {
    renderLoading(Page, path, url);
    expect(await screen.findByRole('status', { name: 'Loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });
});
