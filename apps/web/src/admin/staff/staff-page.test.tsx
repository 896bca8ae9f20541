import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as StaffPage } from './staff-page.tsx';

const person = (id: string, role: StaffUser['role']): StaffUser => ({
  user_id: id,
  email: `${id}@example.com`,
  full_name: id,
  main_id: 'urbanroll',
  role,
});

function renderWith(staff: StaffUser[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ isError: false, data: { staff, invites: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  saveAdminSession(staff[0]!, { accessToken: 'a', refreshToken: 'r' });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <StaffPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (email: string) =>
  (await screen.findByText(email, { selector: 'p' })).closest('li') as HTMLElement;

describe('staff page', () => {
  it('offers the only owner neither Make staff nor Remove, and says why', async () => {
    renderWith([person('asha', 'owner'), person('ravi', 'staff')]);
    const owner = await rowOf('asha@example.com');
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(within(owner).getByText(/The only owner/)).toBeInTheDocument();
    const staff = await rowOf('ravi@example.com');
    expect(within(staff).getByRole('button', { name: /Make owner/ })).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  });

  it('offers both owners the changes when there are two', async () => {
    renderWith([person('asha', 'owner'), person('meera', 'owner')]);
    for (const email of ['asha@example.com', 'meera@example.com']) {
      const row = await rowOf(email);
      expect(within(row).getByRole('button', { name: /Make staff/ })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    }
  });
});
