import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { AddressForm, NOT_SERVED_NOTE } from './address-form.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let saveAnswer: () => Response;
/** The bodies of the form's POST /api/address calls. */
let posted: Record<string, unknown>[];

beforeEach(() => {
  saveAnswer = () =>
    json(200, { isError: false, message: 'Address saved', data: { id: 'a1', deliverable: true } });
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/pincode/getall/')) {
        return Promise.resolve(
          json(200, { isError: false, pincodesData: [{ pincode: '400050', status: 'Active' }] }),
        );
      }
      if (init?.method === 'POST' && url === '/api/address') {
        posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return Promise.resolve(saveAnswer());
      }
      return Promise.resolve(json(404, { msg: 'no such call' }));
    }),
  );
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onDone = vi.fn(), { shipHere = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddressForm userId="u1" userName="Asha" shipHere={shipHere} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('AddressForm', () => {
  it('says when the shop does not deliver to the pincode typed, and still saves it', async () => {
    saveAnswer = () =>
      json(200, {
        isError: false,
        message: 'Address saved',
        data: { id: 'a1', pincode: '110001', deliverable: false },
      });
    const onDone = renderForm();
    fill('Address', '1 Janpath');
    fill('City', 'New Delhi');
    fill('Pincode', '400050');
    await waitFor(() => expect(screen.queryByTestId('pincode-not-served')).toBeNull());
    fill('Pincode', '110001');
    expect(await screen.findByTestId('pincode-not-served')).toHaveTextContent(NOT_SERVED_NOTE);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("shows the server's message alone beside the field it names", async () => {
    saveAnswer = () =>
      json(400, { isError: true, msg: 'City is at most 80 characters.', field: 'city' });
    renderForm();
    fill('Address', '1 Janpath');
    fill('City', 'New Delhi');
    fill('Pincode', '110001');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const message = await screen.findByText('City is at most 80 characters.');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-describedby', message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('at checkout, a new address the shop delivers to becomes the shipping address; one it does not, not', async () => {
    const onDone = renderForm(vi.fn(), { shipHere: true });
    fill('Address', '3rd floor, 80 Feet Road');
    fill('City', 'Mumbai');
    fill('Pincode', '400050');
    await waitFor(() => expect(screen.queryByTestId('pincode-not-served')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(posted[0]).toMatchObject({ pincode: '400050', defaultaddressS: true });
    expect(posted[0]).not.toHaveProperty('defaultaddressB', true);

    fill('Pincode', '110001');
    expect(await screen.findByTestId('pincode-not-served')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(posted[1]).toMatchObject({ pincode: '110001' });
    expect(posted[1]).not.toHaveProperty('defaultaddressS', true);
  });

  it('in the address book a new address changes no default', async () => {
    const onDone = renderForm();
    fill('Address', '1 Hill Road');
    fill('City', 'Mumbai');
    fill('Pincode', '400050');
    await waitFor(() => expect(screen.queryByTestId('pincode-not-served')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted[0]).not.toHaveProperty('defaultaddressS', true);
  });
});
