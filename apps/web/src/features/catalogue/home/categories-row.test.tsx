import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@shop/contracts';
import { CategoriesRow } from './categories-row.tsx';

/** jsdom lays nothing out: the row's scroller observes its size with nothing to report. */
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderWith(categories: Category[]) {
  vi.stubGlobal('ResizeObserver', NoResize);
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ isError: false, data: categories }), { status: 200 }),
      ),
    ),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CategoriesRow />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const category = (name: string, icon: string): Category => ({
  category: name.toLowerCase(),
  name,
  icon,
  status: 'Active',
  position: 0,
});

describe('CategoriesRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a category’s icon, and the initial of one the shop gave no icon', async () => {
    const { container } = renderWith([
      category('Apparel', '/api/uploads/apparel.webp'),
      category('skates', ''),
    ]);
    const skates = await screen.findByRole('link', { name: 'skates' });
    expect(skates).toHaveAttribute('href', '/category-detail/skates');
    expect(skates.querySelector('img')).toBeNull();
    expect(screen.getByTestId('category-initial')).toHaveTextContent('S');
    const apparel = screen.getByRole('link', { name: 'Apparel' });
    expect(apparel.querySelector('img')).toHaveAttribute('src', '/api/uploads/apparel.webp');
    // No image without an address (a broken, empty frame).
    expect(container.querySelector('img[src=""]')).toBeNull();
  });
});
