import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecuritySettingsView } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { SecurityForm } from './security-form.tsx';

const PATH = '/api/admin/settings/security';
const CODE = '482913';
const calls: { method: string; path: string; body: unknown }[] = [];

/** A server whose email works or not, that turns the code on only with the test code sent. */
function stubApi(view: SecuritySettingsView) {
  calls.length = 0;
  let state = { ...view };
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, path, body });
      const json = (status: number, b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status }));
      const fail = (msg: string, field: string) => json(400, { isError: true, msg, field });
      if (path === `${PATH}/test-code` && method === 'POST') {
        return json(200, { isError: false, data: { challenge: 'ch.1', sent_to: 'o•••@shop.in' } });
      }
      if (path !== PATH) return json(404, {});
      if (method === 'PATCH') {
        const patch = body as { staff_second_factor: boolean; challenge?: string; code?: string };
        if (patch.staff_second_factor && !state.staff_second_factor) {
          if (!state.email_ready)
            return fail('This server has no email set up.', 'staff_second_factor');
          if (!patch.challenge) return fail('Send a test code to your email first.', 'code');
          if (patch.code !== CODE) return fail('That code is not right. 4 tries left.', 'code');
        }
        state = { ...state, staff_second_factor: patch.staff_second_factor };
      }
      return json(200, { isError: false, data: state });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@shop.in', full_name: 'O', main_id: 'x', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SecurityForm />
    </QueryClientProvider>,
  );
}

const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
const theSwitch = () => screen.findByRole('checkbox', { name: /Ask staff for an emailed code/ });

describe('the sign-in security form', () => {
  it('cannot be turned on while the shop cannot send email, and says why beside the switch', async () => {
    stubApi({ staff_second_factor: false, email_ready: false });
    renderForm();
    const box = await theSwitch();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/cannot send email yet/);
    expect(screen.queryByRole('button', { name: 'Send a test code' })).not.toBeInTheDocument();
  });

  it('turns on only after a test code is sent and typed back; a wrong code shows under the box', async () => {
    stubApi({ staff_second_factor: false, email_ready: true });
    renderForm();
    fireEvent.click(await theSwitch());

    // Save before the test code: refused, and the message sits by the switch.
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Send a test code to your email');
    expect(patches()).toEqual([{ staff_second_factor: true }]);

    fireEvent.click(screen.getByRole('button', { name: 'Send a test code' }));
    expect(await screen.findByText(/We sent a code to o•••@shop.in/)).toBeInTheDocument();
    const codeBox = screen.getByLabelText('Type the code you received');
    fireEvent.change(codeBox, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
    expect(codeBox).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();

    fireEvent.change(codeBox, { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(patches().at(-1)).toEqual({ staff_second_factor: true, challenge: 'ch.1', code: CODE });
    expect(await theSwitch()).toBeChecked();
    expect(screen.queryByLabelText('Type the code you received')).not.toBeInTheDocument();
  });

  it('turns off straight away, with no code', async () => {
    stubApi({ staff_second_factor: true, email_ready: false });
    renderForm();
    const box = await theSwitch();
    expect(box).toBeEnabled();
    fireEvent.click(box);
    expect(screen.queryByRole('button', { name: 'Send a test code' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(patches()).toEqual([{ staff_second_factor: false }]);
  });
});
