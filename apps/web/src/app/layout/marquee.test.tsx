import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Marquee } from './marquee.tsx';

/** The shop's marquee texts, or an answer that never comes (null). */
function renderWith(headings: string[] | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      headings === null
        ? new Promise<Response>(() => {})
        : Promise.resolve(
            new Response(
              JSON.stringify({ isError: false, data: headings.map((heading) => ({ heading })) }),
              { status: 200 },
            ),
          ),
    ),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Marquee />
    </QueryClientProvider>,
  );
}

describe('Marquee', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shop’s first announcement', async () => {
    renderWith(['Free delivery over ₹1,499', 'New quad skates']);
    expect(await screen.findByText('Free delivery over ₹1,499')).toBeInTheDocument();
  });

  it('keeps its place while the texts load', () => {
    renderWith(null);
    expect(screen.getByTestId('marquee').textContent).toBe('\u00a0');
  });

  it('leaves no empty bar for a shop without announcements', async () => {
    const { container } = renderWith(['  ']);
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
