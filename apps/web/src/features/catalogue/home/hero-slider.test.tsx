import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Slider } from '@shop/contracts';
import { HeroSlider } from './hero-slider.tsx';

function renderWith(slides: Slider[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ isError: false, data: slides }), { status: 200 }),
      ),
    ),
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <HeroSlider />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container;
}

describe('HeroSlider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shop’s slide', async () => {
    renderWith([
      {
        slider_name: 'Winter sale',
        offer_name: 'Up to 30% off',
        description: 'Skates and tees',
        image: '/api/uploads/winter.webp',
        background_image: '',
        price: 999,
        cutOffPrice: 1499,
        product: null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Winter sale' })).toBeInTheDocument();
  });

  it('leaves no empty block on a shop without slides', async () => {
    const container = renderWith([]);
    // The loading block holds the hero's place until the (empty) answer, then goes.
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
