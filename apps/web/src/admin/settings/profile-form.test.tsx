import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreProfile } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { afterSave, ProfileForm } from './profile-form.tsx';

const NEW_SHOP: StoreProfile = {
  configured: false,
  name: 'freshshop',
  logo: '',
  color: '#2563eb',
  email: '',
  phone: '',
  whatsapp_number: '',
  legal_name: '',
  gstin: '',
  state: '',
  gst_state_code: '',
  invoice_address: '',
  office_address: '',
  office_pincode: '',
  office_latitude: null,
  office_longitude: null,
  road_factor: 1.3,
  notification_email: '',
  low_stock_threshold: 5,
  delivery_percentage: 0,
  grievance_officer_name: '',
  grievance_officer_email: '',
  grievance_officer_phone: '',
};

const puts: Record<string, unknown>[] = [];

function stubApi(
  answerPut: (body: Record<string, unknown>) => [number, unknown],
  profile: StoreProfile = NEW_SHOP,
) {
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const json = (status: number, b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status }));
      if (path === '/api/admin/settings/pincode/400050') {
        return json(200, {
          isError: false,
          data: {
            pincode: '400050',
            state: 'Maharashtra',
            latitude: 19.06,
            longitude: 72.83,
            approximate: false,
          },
        });
      }
      if (path !== '/api/admin/settings/profile') {
        return json(404, { isError: true, msg: 'Not found', field: 'office_pincode' });
      }
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push(body);
        return json(...answerPut(body));
      }
      return json(200, { isError: false, data: profile });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ProfileForm />
    </QueryClientProvider>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The boxes a new shop must fill before its profile saves. */
const fillRequired = () => {
  type('Legal name (on invoices)', 'Rolling Rani LLP');
  type(/^Office address/, '14 Hill Road, Mumbai');
  type('Office pincode', '400050');
};

describe('the store profile form', () => {
  it('says a new shop must save it, sends numbers as numbers and empty coordinates as null', async () => {
    stubApi((body) => [
      200,
      {
        isError: false,
        data: {
          ...NEW_SHOP,
          ...body,
          configured: true,
          state: 'Maharashtra',
          gst_state_code: '27',
          office_latitude: 19.0552,
          office_longitude: 72.83,
        },
      },
    ]);
    renderForm();
    expect(await screen.findByText(/before the shop can take orders/)).toBeInTheDocument();
    type('Shop name', 'Rolling Rani');
    type('Legal name (on invoices)', 'Rolling Rani LLP');
    type(/^Office address/, '14 Hill Road, Mumbai');
    type('Office pincode', '400050');
    type(/^Advance for pay on delivery/, '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      name: 'Rolling Rani',
      office_pincode: '400050',
      office_latitude: null,
      office_longitude: null,
      delivery_percentage: 20,
      road_factor: 1.3,
      low_stock_threshold: 5,
    });
    expect(screen.queryByText(/before the shop can take orders/)).not.toBeInTheDocument();
    expect(screen.getByText(/GST state: Maharashtra \(27\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('19.0552');
  });

  it('shows the API’s message beside the field it names', async () => {
    stubApi(() => [
      400,
      {
        isError: true,
        msg: 'This GSTIN’s last character does not match: check for a typo.',
        field: 'gstin',
      },
    ]);
    renderForm();
    await screen.findByLabelText('GSTIN (empty if not registered)');
    fillRequired();
    type('GSTIN (empty if not registered)', '27AAPFU0939F1ZW');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const gstin = screen.getByLabelText('GSTIN (empty if not registered)');
    expect(
      await screen.findByText('This GSTIN’s last character does not match: check for a typo.'),
    ).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need a look');
  });

  it('sends the grievance officer, and shows a refusal beside the email', async () => {
    stubApi(() => [
      400,
      {
        isError: true,
        msg: 'Enter an email address like shop@example.com.',
        field: 'grievance_officer_email',
      },
    ]);
    renderForm();
    await screen.findByLabelText('Grievance officer’s name');
    fillRequired();
    type('Grievance officer’s name', 'Asha Rao');
    // Well-formed, so the form sends it; the server's refusal is shown beside the box.
    type('Grievance officer’s email', 'asha@shop.example');
    type('Grievance officer’s phone (optional)', '98200 12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Enter an email address like shop@example.com.'),
    ).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      grievance_officer_name: 'Asha Rao',
      grievance_officer_email: 'asha@shop.example',
      grievance_officer_phone: '98200 12345',
    });
    expect(screen.getByLabelText('Grievance officer’s email')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('marks the required boxes and shows every problem beside its box at once, the first one focused', async () => {
    stubApi(() => [500, {}]);
    renderForm();
    const name = await screen.findByLabelText('Shop name');
    for (const label of ['Shop name', 'Legal name (on invoices)', 'Office pincode']) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByLabelText(/^Office address/)).toBeRequired();
    expect(screen.getByLabelText('Shop email')).not.toBeRequired();
    type('Shop name', ' ');
    type('Office pincode', '40005');
    type('How much longer roads are than a straight line', 'lots');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Enter the name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the legal name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the office address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 6-digit pincode.')).toBeInTheDocument();
    expect(screen.getByText('Enter a number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Office pincode')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need a look');
    // Fixing a box clears its message only.
    type('Shop name', 'Rolling Rani');
    expect(screen.queryByText('Enter the name.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter the legal name.')).toBeInTheDocument();
  });

  it('speaks plainly: a colour picker with its hex, roads against a straight line, the office from its pincode', async () => {
    stubApi(() => [500, {}]);
    renderForm();
    const colour = await screen.findByLabelText('Colour of the payment window');
    expect(colour).toHaveAttribute('type', 'color');
    expect(screen.getByText('#2563eb')).toBeInTheDocument();
    fireEvent.input(colour, { target: { value: '#f97316' } });
    expect(screen.getByText('#f97316')).toBeInTheDocument();
    expect(screen.queryByText(/rrggbb|road factor/i)).not.toBeInTheDocument();
    expect(screen.getByLabelText('How much longer roads are than a straight line')).toHaveValue(
      '1.3',
    );

    expect(screen.getByTestId('office-place')).toHaveTextContent('enter the 6 digits');
    type('Office pincode', '400050');
    await waitFor(() =>
      expect(screen.getByTestId('office-place')).toHaveTextContent(
        'centre of pincode 400050, Maharashtra',
      ),
    );
    // Latitude and longitude are an optional, folded-away part.
    expect(
      screen.getByText('Exact position on the map (optional)').closest('details'),
    ).not.toHaveAttribute('open');
    type('Office pincode', '999999');
    await waitFor(() =>
      expect(screen.getByTestId('office-place')).toHaveTextContent('We do not know pincode 999999'),
    );
  });
});

describe('the office position', () => {
  it('placed by the server at its pincode’s centre is not a typed one: a new pincode moves the office', async () => {
    const saved: StoreProfile = {
      ...NEW_SHOP,
      configured: true,
      name: 'Rani Kurtis',
      legal_name: 'Rani Textiles LLP',
      office_address: '14 Hill Road, Bandra West',
      office_pincode: '400050',
      office_latitude: 19.06,
      office_longitude: 72.83,
    };
    stubApi((body) => [200, { isError: false, data: { ...saved, ...body } }], saved);
    renderForm();
    await waitFor(() =>
      expect(screen.getByTestId('office-place')).toHaveTextContent('centre of pincode 400050'),
    );
    type('Office pincode', '400051');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      office_pincode: '400051',
      office_latitude: null,
      office_longitude: null,
    });
  });
});

describe('the road allowance', () => {
  it('left empty, is sent as the usual 1.3', async () => {
    stubApi((body) => [200, { isError: false, data: { ...NEW_SHOP, ...body, configured: true } }]);
    renderForm();
    await screen.findByLabelText('Shop name');
    fillRequired();
    type('How much longer roads are than a straight line', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ road_factor: 1.3 });
  });
});

describe('afterSave', () => {
  it('takes the saved values, but keeps a box typed in while the save was on its way', () => {
    const sent = { name: 'Rani', legal_name: 'Rani LLP' };
    const now = { name: 'Rani', legal_name: 'Rani Traders LLP' };
    const saved = { name: 'Rani', legal_name: 'Rani LLP' };
    expect(afterSave(now, sent, { ...saved, name: 'Rani ' })).toEqual({
      name: 'Rani ',
      legal_name: 'Rani Traders LLP',
    });
  });
});
