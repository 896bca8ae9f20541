import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivacyNoticeResponse } from '@shop/contracts';
import { PRIVACY_NOTICE_TEXTS, type PrivacyNoticeForm } from '@shop/domain';
import { PrivacyNotice } from './privacy-notice.tsx';

const answer = (officer: PrivacyNoticeResponse['grievance_officer']): PrivacyNoticeResponse => ({
  isError: false,
  version: '1.0a1b2c3d',
  revision: 1,
  shop_name: 'Urban Roll',
  grievance_officer: officer,
  board_url: 'https://www.dpb.gov.in',
  privacy_page: '/my-account/privacy',
  withdraw_consent: '/my-account/privacy#consents',
});
const asha = { name: 'Asha Rao', email: 'grievance@urbanroll.example', phone: '9820033333' };
let fetched: string[] = [];

function stubNotice(body: PrivacyNoticeResponse) {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

function show(form: PrivacyNoticeForm) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PrivacyNotice form={form} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByText('How we use this').closest('details')!;
}

/** Opens the notice as a tap on its summary does. */
function open(details: HTMLDetailsElement) {
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

describe('PrivacyNotice', () => {
  beforeEach(() => stubNotice(answer(asha)));
  afterEach(() => vi.unstubAllGlobals());

  it('is one closed line until opened, and asks the server nothing before', () => {
    const details = show('contact');
    expect(details.open).toBe(false);
    expect(screen.queryByText(PRIVACY_NOTICE_TEXTS.contact.en.purposes[0]!)).toBeNull();
    expect(fetched).toEqual([]);
  });

  it("names the form's data and purposes, the links and the grievance officer once opened", async () => {
    const details = show('address');
    open(details);
    for (const line of [
      ...PRIVACY_NOTICE_TEXTS.address.en.data,
      ...PRIVACY_NOTICE_TEXTS.address.en.purposes,
    ]) {
      expect(await within(details).findByText(line)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Withdraw consent' })).toHaveAttribute(
      'href',
      '/my-account/privacy#consents',
    );
    expect(screen.getByRole('link', { name: 'Your privacy page' })).toHaveAttribute(
      'href',
      '/my-account/privacy',
    );
    const board = screen.getByRole('link', { name: 'Complain to the Data Protection Board' });
    expect(board).toHaveAttribute('href', 'https://www.dpb.gov.in');
    expect(board).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(await screen.findByText(/Asha Rao/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: asha.email })).toHaveAttribute(
      'href',
      `mailto:${asha.email}`,
    );
    expect(screen.getByRole('link', { name: asha.phone })).toHaveAttribute(
      'href',
      'tel:+919820033333',
    );
    expect(screen.getByText('Notice version 1.0a1b2c3d')).toBeInTheDocument();
    expect(screen.getByText('Urban Roll and your data')).toBeInTheDocument();
    expect(fetched).toEqual(['/api/privacy/notice?store_id=urbanroll']);
  });

  it('switches to Hindi and back, and remembers the choice', async () => {
    const details = show('checkout');
    open(details);
    const hindi = await screen.findByRole('button', { name: 'हिन्दी' });
    expect(hindi).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(hindi);
    expect(hindi).toHaveAttribute('aria-pressed', 'true');
    for (const line of PRIVACY_NOTICE_TEXTS.checkout.hi.data) {
      expect(within(details).getByText(line)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'सहमति वापस लें' })).toBeInTheDocument();
    expect(details.querySelector('[lang="hi"]')).not.toBeNull();
    expect(localStorage.getItem('privacy-notice-language')).toBe('hi');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(
      within(details).getByText(PRIVACY_NOTICE_TEXTS.checkout.en.data[0]!),
    ).toBeInTheDocument();
  });

  it('tells the shopper to use the contact page while no grievance officer is named', async () => {
    stubNotice(answer(null));
    open(show('push'));
    expect(await screen.findByText(/write to the shop from its contact page/)).toBeInTheDocument();
  });
});
