import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RetentionSettings } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { RetentionForm } from './retention-form.tsx';

const PATH = '/api/admin/settings/retention';
const puts: Record<string, unknown>[] = [];

function stubApi(initial: RetentionSettings, answerPut?: (b: Record<string, unknown>) => Response) {
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const json = (status: number, b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status }));
      if (path !== PATH) return json(404, {});
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push(body);
        return answerPut
          ? Promise.resolve(answerPut(body))
          : json(200, { isError: false, data: body });
      }
      return json(200, { isError: false, data: initial });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RetentionForm />
    </QueryClientProvider>,
  );
}

const DEFAULTS = { enquiry_retention_days: 730, inactive_account_days: 1095 };

describe('the privacy (retention) settings form', () => {
  it('shows both periods with what each erases, and saves the owner’s numbers', async () => {
    stubApi(DEFAULTS);
    renderForm();
    const enquiries = await screen.findByLabelText('Keep enquiries for (days)');
    const accounts = screen.getByLabelText('Erase accounts not signed into for (days)');
    expect(enquiries).toHaveValue('730');
    expect(accounts).toHaveValue('1095');
    // The help says what goes, linked to its box.
    expect(enquiries).toHaveAccessibleDescription(/Contact messages, enquiries and quote requests/);
    expect(accounts).toHaveAccessibleDescription(/emailed 48 hours before/);
    expect(screen.getByText(/about 3 years/)).toBeInTheDocument();

    fireEvent.change(enquiries, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save privacy' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ enquiry_retention_days: 365, inactive_account_days: 1095 });
    expect(await screen.findByText(/saved/i)).toBeInTheDocument();
  });

  it('refuses a period outside 180..3650 days beside its box, focused, and sends nothing', async () => {
    stubApi(DEFAULTS);
    renderForm();
    const accounts = await screen.findByLabelText('Erase accounts not signed into for (days)');
    fireEvent.change(accounts, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(
      await screen.findByText('Enter a number between 180 and 3650 days.'),
    ).toBeInTheDocument();
    expect(accounts).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(accounts).toHaveFocus());
    expect(accounts).toHaveAccessibleDescription(/between 180 and 3650 days.*48 hours/s);
    // Under a year in months, not "0.2 years".
    expect(accounts).toHaveAccessibleDescription(/That is about 3 months\./);
    expect(puts).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    stubApi(
      DEFAULTS,
      () =>
        new Response(
          JSON.stringify({
            isError: true,
            msg: 'enquiry_retention_days is between 180 and 3650 days.',
            field: 'enquiry_retention_days',
          }),
          { status: 400 },
        ),
    );
    renderForm();
    const enquiries = await screen.findByLabelText('Keep enquiries for (days)');
    fireEvent.change(enquiries, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save privacy' }));
    await waitFor(() => expect(enquiries).toHaveAttribute('aria-invalid', 'true'));
    expect(puts).toHaveLength(1);
  });
});
