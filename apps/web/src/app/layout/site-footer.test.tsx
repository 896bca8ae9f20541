import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageMeta } from '@shop/contracts';
import { SiteFooter } from './site-footer.tsx';

const meta = (pages: PageMeta['pages']): PageMeta => ({
  store_name: 'Rolling Rani',
  store_logo: '',
  title: '',
  description: '',
  keywords: '',
  author: '',
  icon: '',
  scripts: [],
  pages,
});

function renderFooter(pages: PageMeta['pages']) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const data = url.includes('/meta/') ? meta(pages) : url.includes('/category/') ? [] : null;
      return Promise.resolve(
        new Response(JSON.stringify({ isError: false, data }), { status: 200 }),
      );
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

const footerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((a) => [a.getAttribute('href'), a.textContent]);

describe('the storefront footer', () => {
  it('links the policy pages that exist, under their titles, and not the missing ones', async () => {
    renderFooter([
      { slug: 'privacy-policy', title: 'Privacy Policy' },
      { slug: 'refund-policy', title: 'Refund and Return Policy' },
    ]);
    expect(await screen.findByText(/Rolling Rani/, { selector: 'p' })).toBeInTheDocument();
    const links = footerLinks();
    expect(links).toContainEqual(['/privacy-policy', 'Privacy Policy']);
    expect(links).toContainEqual(['/refund-policy', 'Refund and Return Policy']);
    expect(links.map(([href]) => href)).not.toContain('/terms-and-conditions');
    expect(links.map(([href]) => href)).not.toContain('/shipping-and-delivery');
    expect(links).toContainEqual(['/contact', 'Contact']);
  });

  it('links all four once “Create policy pages” made them', async () => {
    renderFooter([
      { slug: 'privacy-policy', title: 'Privacy Policy' },
      { slug: 'refund-policy', title: 'Refund and Return Policy' },
      { slug: 'terms-and-conditions', title: 'Terms and Conditions' },
      { slug: 'shipping-and-delivery', title: 'Shipping and Delivery Policy' },
    ]);
    expect(await screen.findByText(/Rolling Rani/, { selector: 'p' })).toBeInTheDocument();
    expect(footerLinks().map(([href]) => href)).toEqual(
      expect.arrayContaining([
        '/privacy-policy',
        '/refund-policy',
        '/terms-and-conditions',
        '/shipping-and-delivery',
      ]),
    );
  });
});
