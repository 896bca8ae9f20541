import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster.tsx';
import { loadedSonner, toast } from './toast.ts';

// One module state for the file (sonner loads once per page): the tests run in order.
describe('toasts with sonner loaded apart from the entry', () => {
  it('keeps a toast asked for before sonner is here, and shows it once the Toaster draws', async () => {
    expect(loadedSonner()).toBeNull();
    toast.error('Network error, try again.');
    render(<Toaster />);
    expect(await screen.findByText('Network error, try again.')).toBeInTheDocument();
    expect(loadedSonner()).not.toBeNull();
  });

  it('shows toasts in the order they were asked for and dismisses one by its id', async () => {
    render(<Toaster />);
    toast.success('First', { id: 'first', duration: 60_000 });
    toast.warning('Second', { id: 'second', duration: 60_000 });
    await screen.findByText('Second');
    const texts = screen.getAllByText(/^(First|Second)$/).map((node) => node.textContent);
    // Sonner draws the newest on top.
    expect(texts).toEqual(['Second', 'First']);
    act(() => toast.dismiss('first'));
    await waitFor(() => expect(screen.queryByText('First')).toBeNull(), { timeout: 2_000 });
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('loads sonner after the load event when the page is still loading', async () => {
    vi.resetModules();
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      const fresh = await import('./toast.ts');
      const { Toaster: FreshToaster } = await import('../components/ui/toaster.tsx');
      render(<FreshToaster />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fresh.loadedSonner()).toBeNull();
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expect(fresh.loadedSonner()).not.toBeNull());
    } finally {
      state.mockRestore();
    }
  });
});
