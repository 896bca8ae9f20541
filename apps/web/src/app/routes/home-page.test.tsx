import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageMeta } from '@shop/contracts';
import { Component as HomePage } from './home-page.tsx';

const meta = (description: string): PageMeta => ({
  store_name: 'Rolling Rani Skates',
  store_logo: '',
  title: 'Rolling Rani Skates',
  description,
  keywords: '',
  author: '',
  icon: '',
  scripts: [],
  pages: [],
});

/** The shop's answers: its meta, and no slides, goods, offers or categories. */
function renderHome(description: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      const data = url.includes('/meta/') ? meta(description) : [];
      return Promise.resolve(
        new Response(JSON.stringify({ isError: false, data }), { status: 200 }),
      );
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the about block with what the shop wrote about itself', async () => {
    renderHome('Skates for every Mumbai street.');
    expect(
      await screen.findByRole('heading', { name: 'About Rolling Rani Skates' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Skates for every Mumbai street.')).toBeInTheDocument();
  });

  it('shows no empty about block for a shop that wrote nothing', async () => {
    renderHome('  ');
    // The meta has arrived (the page's title names the shop), and no about heading came with it.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rolling Rani Skates' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^About/ })).toBeNull();
  });
});
