import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpResponse, OfficeResponse } from '@shop/contracts';
import { ContactBlock } from './contact-block.tsx';

const OFFICE: OfficeResponse = {
  isError: false,
  google_address: 'Shop 3, 14 Hill Road, Bandra West, Mumbai',
  latitude: 19.0552,
  longitude: 72.83,
  grievance_officer: null,
};
const HELP: HelpResponse = {
  isError: false,
  help: { whatsapp_number: '', mobile: '9820011111', email: 'hello@myshop.in' },
};

function renderBlock(office: OfficeResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const body = path.includes('/register/officesingle/')
        ? office
        : path.includes('/help/single/')
          ? HELP
          : {};
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ContactBlock />
    </QueryClientProvider>,
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('ContactBlock', () => {
  it('shows the grievance officer the shop named: name, email and phone, as links', async () => {
    renderBlock({
      ...OFFICE,
      grievance_officer: { name: 'Asha Rao', email: 'grievance@myshop.in', phone: '9820033333' },
    });
    const officer = await screen.findByRole('region', { name: 'Grievance officer' });
    expect(officer).toHaveTextContent('Asha Rao');
    expect(within(officer).getByRole('link', { name: 'grievance@myshop.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@myshop.in',
    );
    expect(within(officer).getByRole('link', { name: /98200/ })).toHaveAttribute(
      'href',
      'tel:+919820033333',
    );
  });

  it('shows no grievance part before the shop names an officer', async () => {
    renderBlock(OFFICE);
    expect(await screen.findByText(OFFICE.google_address)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Grievance officer' })).not.toBeInTheDocument();
  });
});
