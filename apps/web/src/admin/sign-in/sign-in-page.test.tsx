import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStaffUser } from '../lib/admin-session.ts';
import { SignInPage } from './sign-in-page.tsx';

const owner = {
  user_id: 'u1',
  email: 'meera@example.in',
  full_name: 'Meera',
  main_id: 'urbanroll',
  role: 'owner',
};
const session = { user: owner, accessToken: 'access', refreshToken: 'refresh' };

let bodies: { url: string; body: Record<string, unknown> }[] = [];
/** The server: the password asks for a code; the code 123456 starts the session. */
function stubServer() {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >;
      bodies.push({ url, body });
      const answer = (status: number, json: unknown) =>
        Promise.resolve(new Response(JSON.stringify(json), { status }));
      if (url === '/api/admin/login') {
        return answer(200, { needs_code: true, challenge: 'c.h', sent_to: 'm•••@example.in' });
      }
      if (url === '/api/admin/login/verify') {
        return body.code === '123456'
          ? answer(200, session)
          : answer(400, {
              isError: true,
              msg: 'That code is not right. 4 tries left.',
              field: 'code',
            });
      }
      return answer(200, { isError: false, data: {} });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  stubServer();
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInPage />
    </QueryClientProvider>,
  );

describe('the admin sign-in with the store’s second factor', () => {
  it('asks for the emailed code after the password and signs in with it', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pass-word-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('m•••@example.in');
    expect(getStaffUser()).toBeNull();

    const code = screen.getByLabelText('Sign-in code');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('The code is the 6 digits in the email.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeTruthy();
    expect(getStaffUser()).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(getStaffUser()?.email).toBe('meera@example.in'));
    expect(bodies.at(-1)).toEqual({
      url: '/api/admin/login/verify',
      body: { main_id: expect.any(String), challenge: 'c.h', code: '123456' },
    });
  });

  it('goes back to the password with Start over', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'meera@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pass-word-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
