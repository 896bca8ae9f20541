import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash.ts';

/** A page whose parts load on their own: the target comes after 50 ms, a part above it after 100. */
function Page() {
  useScrollToHash();
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const a = setTimeout(() => setLoaded(1), 50);
    const b = setTimeout(() => setLoaded(2), 100);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, []);
  return (
    <>
      {loaded >= 2 && <p>profile, loaded late</p>}
      {loaded >= 1 && <form id="payment-keys" aria-label="Payment keys" />}
    </>
  );
}

const open = (entry: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/settings', element: <Page /> }], {
        initialEntries: [entry],
      })}
    />,
  );

describe('useScrollToHash', () => {
  const scrolled = vi.fn<(this: Element) => void>(function (this: Element) {});
  beforeEach(() => {
    vi.useFakeTimers();
    scrolled.mockReset();
    // jsdom lays nothing out and has no scrollIntoView: record which element was asked.
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('scrolls to and focuses the part the #hash names once it is on the page, and again when a part above it loads', async () => {
    open('/settings#payment-keys');
    expect(scrolled).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(60));
    const form = screen.getByRole('form', { name: 'Payment keys' });
    expect(scrolled.mock.contexts).toContain(form);
    expect(form).toHaveFocus();
    const before = scrolled.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(scrolled.mock.calls.length).toBeGreaterThan(before);
  });

  it('stops following the part once the user scrolls or types', async () => {
    open('/settings#payment-keys');
    await act(() => vi.advanceTimersByTimeAsync(60));
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    const before = scrolled.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(scrolled.mock.calls.length).toBe(before);
  });

  it('does nothing without a #hash', async () => {
    open('/settings');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.body).toHaveFocus();
  });
});
