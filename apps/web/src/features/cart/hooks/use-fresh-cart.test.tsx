import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { refreshCart } from '../api/cart-api.ts';
import { useFreshCart } from './use-fresh-cart.ts';

vi.mock('../api/cart-api.ts', () => ({ refreshCart: vi.fn(() => Promise.resolve()) }));

const client = new QueryClient();
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

describe('the cart read again when an order page opens (issue 59 item 1)', () => {
  afterEach(() => {
    clearSession();
    vi.clearAllMocks();
  });

  it("reads the signed-in shopper's cart once", () => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    renderHook(() => useFreshCart(), { wrapper }).rerender();
    expect(vi.mocked(refreshCart).mock.calls).toEqual([[client, 'u1']]);
  });

  it('a guest has no server cart to read', () => {
    renderHook(() => useFreshCart(), { wrapper });
    expect(refreshCart).not.toHaveBeenCalled();
  });
});
