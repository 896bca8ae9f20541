import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthOptionsResponse } from '@shop/contracts';
import { LoginForm } from './login-form.tsx';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

/** The login page with /api/auth/options answering `google`; resolves once it has answered. */
async function renderLogin(google: AuthOptionsResponse['google']) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : input.toString();
      const body = url.endsWith('/api/auth/options')
        ? { google, appShellMarker: 'UrbanRollApp' }
        : {};
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  const client = new QueryClient();
  const router = createMemoryRouter([{ path: '/login', element: <LoginForm /> }], {
    initialEntries: ['/login'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryState(['auth-options'])?.status).toBe('success'));
  await screen.findByRole('button', { name: 'Continue' });
}

describe('the Google button on /login follows /api/auth/options', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.querySelector(`script[src="${GSI_SRC}"]`)?.remove();
  });

  it('is not there when Google sign-in is off (a real shop without a client id)', async () => {
    await renderLogin({ mode: 'off', clientId: '' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(document.querySelector(`script[src="${GSI_SRC}"]`)).toBeNull();
    expect(document.querySelector('details[data-privacy-notice="google-sign-up"]')).toBeNull();
  });

  it('is the local test sign-in in the demo', async () => {
    await renderLogin({ mode: 'local', clientId: 'local-google-sign-in' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    // A first Google sign-in creates the account: its notice is beside the button.
    expect(
      document.querySelectorAll('details[data-privacy-notice="google-sign-up"]').length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(document.querySelector(`script[src="${GSI_SRC}"]`)).toBeNull();
  });

  it("shows the notice in the local sign-in's dialog too (the page's is behind it)", async () => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    await renderLogin({ mode: 'local', clientId: 'local-google-sign-in' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Local test sign-in' });
    expect(within(dialog).getByText('How we use this')).toBeInTheDocument();
    expect(dialog.querySelector('details[data-privacy-notice="google-sign-up"]')).not.toBeNull();
  });

  it("is Google's own button with a client id", async () => {
    await renderLogin({ mode: 'google', clientId: 'shop.apps.googleusercontent.com' });
    expect(await screen.findByText('or')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(`script[src="${GSI_SRC}"]`)).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(document.querySelector('details[data-privacy-notice="google-sign-up"]')).not.toBeNull();
  });
});
