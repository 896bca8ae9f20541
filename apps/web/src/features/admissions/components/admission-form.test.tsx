import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMISSION_CONSENT_MESSAGES, ADMISSION_MESSAGES, type Admission } from '@shop/contracts';
import { saveCheckoutData } from '../../../lib/checkout-handoff.ts';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { AdmissionForm, CONSENT_CHOICE } from './admission-form.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast }));

const saved: Admission = {
  id: 'a1',
  user_id: 'u1',
  name: 'Riya Rao',
  guardianName: 'Amit Rao',
  guardianRelation: 'Father',
  guardianMobile: '9820012399',
  guardian2Name: 'Neha Rao',
  guardian2Relation: 'Mother',
  guardian2Mobile: '',
  dob: '2001-05-02',
  aadhar: 'XXXX XXXX 2346',
  gender: 'Female',
  school: '',
  address: '12 Link Road',
  pincode: '400064',
  mobile: '9876543210',
  email: 'parent@example.com',
  center: 'Andheri',
  rulesAgreed: true,
  status: 'submitted',
  parentConsent: null,
  consentRequestedTo: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ isError: false, message: 'ok', data: saved }), {
        status: 200,
      }),
    ),
  );
  // The course-photos box and the privacy notice read their own endpoints: none given yet.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    String(url).includes('/privacy/')
      ? Promise.resolve(new Response(JSON.stringify({ isError: false, data: [] })))
      : fetchMock(url, init),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderForm(existing: Admission | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/admission-form', element: <AdmissionForm user={testUser} existing={existing} /> },
      { path: '/checkout', element: <p>checkout page</p> },
      { path: '/admission-form-step-2', element: <p>step 2 page</p> },
    ],
    { initialEntries: ['/admission-form'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid(dob = '2001-05-02') {
  type('Student name', 'Riya Rao');
  type('Date of birth', dob);
  type("Parent or guardian's name", 'Amit Rao');
  type('Relation', 'Father');
  type('Their mobile', '9820012399');
  type('Aadhar number (optional)', '234123412346');
  type('Gender', 'Female');
  type('Address', '12 Link Road');
  type('Pincode', '400064');
  type('Centre', 'Andheri');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('the admission form', () => {
  it('keeps digits only in the Aadhaar box and toasts the spec’s messages on submit', async () => {
    renderForm();
    type('Aadhar number (optional)', '12ab34');
    expect(screen.getByLabelText('Aadhar number (optional)')).toHaveValue('1234');
    submit();
    expect(await screen.findByText(ADMISSION_MESSAGES.aadharLength)).toBeInTheDocument();
    // Student, date of birth, the parent's name, relation and mobile, gender, address, pincode, centre.
    expect(screen.getAllByText(ADMISSION_MESSAGES.required)).toHaveLength(9);
    expect(screen.getByText(ADMISSION_MESSAGES.rulesRequired)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(ADMISSION_MESSAGES.aadharToast);
    expect(toast.error).toHaveBeenCalledWith(ADMISSION_MESSAGES.rulesToast);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates, stores the answer, toasts and goes to step 2 without checkout data', async () => {
    const router = renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admission-form-step-2'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admission');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({
      aadhar: '234123412346',
      user_id: 'u1',
      rulesAgreed: true,
    });
    expect(toast.success).toHaveBeenCalledWith(ADMISSION_MESSAGES.submitted);
    expect(JSON.parse(localStorage.getItem('admission') ?? 'null')).toMatchObject({ id: 'a1' });
  });

  it('updates an existing admission (an empty Aadhaar keeps it) and goes to checkout when data waits', async () => {
    saveCheckoutData({
      products: [],
      totalBeforeDiscount: 0,
      totalAfterDiscount: 0,
      coupon: '',
      discountAmount: 0,
      isCouponApplied: false,
      course: true,
    });
    const router = renderForm(saved);
    expect(screen.getByText('On file: XXXX XXXX 2346. Leave it empty to keep it.')).toBeVisible();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admission/a1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({ aadhar: '', name: 'Riya Rao' });
  });

  it('toasts a network error, and shows nothing for a refused answer (the spec)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const router = renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(ADMISSION_MESSAGES.failed));
    expect(router.state.location.pathname).toBe('/admission-form');

    toast.error.mockClear();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ msg: 'No' }), { status: 409 }));
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admission-form');
  });

  it('takes no Aadhaar and one parent: sent with an empty Aadhaar and no second parent', async () => {
    const router = renderForm();
    fillValid();
    type('Aadhar number (optional)', '');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admission-form-step-2'));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      aadhar: '',
      guardianName: 'Amit Rao',
      guardianRelation: 'Father',
      guardianMobile: '9820012399',
      guardian2Name: '',
    });
    expect(body.parentConsent).toBeUndefined();
  });

  it('asks how a parent consents for a student under 18, and waits for an emailed parent', async () => {
    const waiting: Admission = {
      ...saved,
      dob: '2016-06-01',
      status: 'awaiting_parent_consent',
      consentRequestedTo: 'm•••@example.com',
    };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ isError: false, message: 'ok', data: waiting }), {
        status: 200,
      }),
    );
    const router = renderForm();
    expect(screen.queryByRole('group', { name: /A parent's consent/ })).toBeNull();
    fillValid('2016-06-01');
    expect(screen.getByRole('group', { name: /A parent's consent/ })).toBeVisible();
    submit();
    expect(await screen.findByText(CONSENT_CHOICE)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: /Ask a parent to consent/ }));
    submit();
    expect(await screen.findByText(ADMISSION_CONSENT_MESSAGES.parentEmailRequired)).toBeVisible();
    type("Parent's email", 'mother@example.com');
    submit();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(ADMISSION_CONSENT_MESSAGES.requested),
    );
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      dob: '2016-06-01',
      parentConsent: { method: 'email', parentEmail: 'mother@example.com' },
    });
    // Not submitted yet: it stays on the form, and never goes on to pay.
    expect(router.state.location.pathname).toBe('/admission-form');
    expect(toast.success).not.toHaveBeenCalledWith(ADMISSION_MESSAGES.submitted);
  });

  it('sends the account holder’s declaration as the parent', async () => {
    renderForm();
    fillValid('2016-06-01');
    fireEvent.click(screen.getByRole('radio', { name: /I am the student's parent/ }));
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      parentConsent: { method: 'declared', declaration: true },
    });
  });

  it('shows an admission waiting for a parent', () => {
    renderForm({
      ...saved,
      dob: '2016-06-01',
      status: 'awaiting_parent_consent',
      consentRequestedTo: 'm•••@example.com',
    });
    expect(screen.getByRole('status')).toHaveTextContent(/Waiting for a parent's consent/);
    expect(screen.getByRole('status')).toHaveTextContent('m•••@example.com');
  });

  it('no consent question once a parent consented', () => {
    renderForm({
      ...saved,
      dob: '2016-06-01',
      parentConsent: {
        method: 'parent_account',
        email: 'm@example.com',
        at: '2026-12-01T10:00:00Z',
      },
    });
    expect(screen.getByText(/Parent's consent recorded on 2026-12-01/)).toBeVisible();
    expect(screen.queryByRole('group', { name: /A parent's consent/ })).toBeNull();
  });
});
