import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUser, saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { CorrectMyDetails } from './correct-my-details.tsx';

/** A stand-in of GET /registeruser/single and PUT /registeruser/api/user for one shopper. */
function fakeServer(refuse?: { status: number; msg: string; field?: string }) {
  const user = { ...testUser, user_gstNo: '' };
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));
  const puts: unknown[] = [];
  const fetch = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, string>;
      puts.push(body);
      if (refuse) return json({ isError: true, ...refuse }, refuse.status);
      if (body.full_name) user.full_name = user.name = body.full_name;
      if (body.mobile) user.mobile = body.mobile.replace(/\D/g, '').slice(-10);
      if (body.user_gstNo !== undefined) user.user_gstNo = body.user_gstNo;
      return json({ success: true, data: user });
    }
    return json({ isError: false, status: 200, message: 'ok', ...user, data: user });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, puts };
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CorrectMyDetails userId="u1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CorrectMyDetails', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('prefills the stored details and links to the addresses tab', async () => {
    fakeServer();
    renderSection();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('Mobile')).toHaveValue('9876543210');
    expect(screen.getByLabelText('GST number (optional)')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Change your addresses' })).toHaveAttribute(
      'href',
      '/my-account?tab=address',
    );
  });

  it('saves a corrected name and mobile, says Saved. and updates the signed-in user', async () => {
    const server = fakeServer();
    renderSection();
    fireEvent.change(await screen.findByLabelText('Full name'), {
      target: { value: '  Asha K. Rao ' },
    });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '+91 98200 54321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(server.puts).toEqual([
      { full_name: 'Asha K. Rao', mobile: '+91 98200 54321', user_gstNo: '' },
    ]);
    const [url] = server.fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(url).toMatch(/\/api\/registeruser\/api\/user\/u1$/);
    expect(screen.getByLabelText('Mobile')).toHaveValue('9820054321');
    expect(getUser()?.full_name).toBe('Asha K. Rao');
  });

  it('refuses a blank name and a bad mobile beside their boxes without calling the server', async () => {
    const server = fakeServer();
    renderSection();
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile')).toHaveAccessibleDescription(
      'Please enter a valid 10-digit mobile number.',
    );
    expect(server.puts).toEqual([]);
  });

  it("shows the server's refusal beside the field it names, and another beside Save", async () => {
    fakeServer({
      status: 400,
      msg: 'A GST number has 15 letters and digits.',
      field: 'user_gstNo',
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('GST number (optional)')).toHaveAccessibleDescription(
      'A GST number has 15 letters and digits.',
    );
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('says a refusal naming no field beside Save', async () => {
    fakeServer({ status: 403, msg: 'You can only change your own account.' });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can only change your own account.',
    );
  });
});
