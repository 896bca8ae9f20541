import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminContentPageRow } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as PagesPage } from './pages-page.tsx';

const row = (slug: string, title: string): AdminContentPageRow => ({
  slug,
  title,
  description: '',
  path: `/${slug}`,
  updatedAt: '2026-12-07T10:00:00.000Z',
});

const posts: string[] = [];

/** A shop with `pages`; "Create policy pages" adds the missing policy pages. */
function stubApi(pages: AdminContentPageRow[]) {
  posts.length = 0;
  let now = [...pages];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const json = (b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status: 200 }));
      if (path === '/api/admin/content/pages/policies' && init?.method === 'POST') {
        posts.push(path);
        const made = [
          row('privacy-policy', 'Privacy Policy'),
          row('terms-and-conditions', 'Terms and Conditions'),
          row('shipping-and-delivery', 'Shipping and Delivery Policy'),
        ];
        now = [...now, ...made];
        return json({ isError: false, data: { created: made, kept: ['refund-policy'] } });
      }
      if (path === '/api/admin/content/pages') return json({ isError: false, data: now });
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@shop.in', full_name: 'O', main_id: 'x', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <PagesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Pages screen’s policy pages', () => {
  it('names the missing policy pages, creates them, and links each new one to its editor', async () => {
    stubApi([row('about', 'About us'), row('refund-policy', 'Our refunds')]);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Policy pages' });
    expect(section).toHaveTextContent(
      'Missing: Privacy policy, Terms and conditions, Shipping and delivery policy.',
    );
    expect(section).not.toHaveTextContent('Refund and return policy');
    fireEvent.click(within(section).getByRole('button', { name: 'Create policy pages' }));

    expect(await within(section).findByText(/Created 3 pages/)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'Edit Privacy Policy' })).toHaveAttribute(
      'href',
      '/content/pages/privacy-policy',
    );
    expect(within(section).getByText(/marked “Fill in”/)).toBeInTheDocument();
    // The list is read again: the new pages show, and nothing is missing any more.
    expect(await screen.findByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Create policy pages' })).toBeNull();
    expect(section).toHaveTextContent('Your shop has all four policy pages');
  });

  it('offers nothing to create when the shop has all four', async () => {
    stubApi([
      row('privacy-policy', 'Privacy'),
      row('refund-policy', 'Refunds'),
      row('terms-and-conditions', 'Terms'),
      row('shipping-and-delivery', 'Shipping'),
    ]);
    renderPage();
    const section = await screen.findByRole('region', { name: 'Policy pages' });
    expect(section).toHaveTextContent('Your shop has all four policy pages');
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
