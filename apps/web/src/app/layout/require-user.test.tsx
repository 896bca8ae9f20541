import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { RequireUser } from './require-user.tsx';

const routes = [
  { path: '/login', element: <p>login page</p> },
  {
    element: <RequireUser />,
    children: [{ path: '/my-account', element: <p>account page</p> }],
  },
];

describe('RequireUser', () => {
  it('sends a guest to /login and remembers the page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/my-account?tab=help'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(sessionStorage.getItem('navigatepage')).toBe('/my-account?tab=help');
  });

  it('shows the page to a stored user', async () => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    const router = createMemoryRouter(routes, { initialEntries: ['/my-account'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(sessionStorage.getItem('navigatepage')).toBeNull();
  });

  it('remembers nothing when the user signs out on the page', async () => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    const router = createMemoryRouter(routes, { initialEntries: ['/my-account'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('account page')).toBeInTheDocument();
    act(() => clearSession());
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(sessionStorage.getItem('navigatepage')).toBeNull();
  });
});
