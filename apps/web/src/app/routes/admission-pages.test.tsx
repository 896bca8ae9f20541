import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Admission } from '@shop/contracts';
import {
  ADMISSION_KEY,
  checkoutDataFor,
  readAdmission,
  readCheckoutData,
  saveCheckoutData,
} from '../../lib/checkout-handoff.ts';
import { saveSession } from '../../lib/session.ts';
import { testLine } from '../../test-cart-fixtures.ts';
import { testProduct, testUser } from '../../test-fixtures.ts';
import { Component as AdmissionFormPage } from './admission-form-page.tsx';
import { Component as StepTwoPage } from './admission-step-2-page.tsx';

const admission: Admission = {
  id: 'a1',
  user_id: testUser.user_id,
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
const beginners = testProduct({ product_id: 'c1', title: 'Beginners course', category: 'Courses' });
const advanced = testProduct({ product_id: 'c2', title: 'Advanced course', category: 'Courses' });

/** The API: the courses list, and the user's admission (`onServer`, or none). */
function stubApi(onServer: Admission | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = String(url).includes('/admission/single/')
        ? { isError: false, user: onServer }
        : { isError: false, data: [beginners, advanced], count: 2 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admission-form', Component: AdmissionFormPage },
      { path: '/admission-form-step-2', Component: StepTwoPage },
      { path: '/checkout', element: <p>checkout page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the admission form: the course brought along is pre-chosen (issue 59 item 5)', () => {
  it('shows the course from the cart chosen, and changing it hands the new course to checkout', async () => {
    stubApi(null);
    saveCheckoutData(
      checkoutDataFor([
        testLine('C1', { product_id: 'c1', product_name: 'Beginners course', course: true }),
      ]),
    );
    renderAt('/admission-form');
    const choice = await screen.findByRole('combobox', { name: 'Course' });
    expect(choice).toHaveValue('c1');
    expect(screen.getByText('The course you chose; you may change it here.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Advanced course' });
    fireEvent.change(choice, { target: { value: 'c2' } });
    expect(choice).toHaveValue('c2');
    expect(readCheckoutData()?.products.map((p) => p.product_id)).toEqual(['c2']);
  });

  it('asks nothing of a course when goods are being bought', async () => {
    stubApi(null);
    saveCheckoutData(checkoutDataFor([testLine('H1', { course: false })]));
    renderAt('/admission-form');
    await screen.findByRole('form', { name: 'Admission form' });
    expect(screen.queryByRole('combobox', { name: 'Course' })).not.toBeInTheDocument();
  });
});

describe('step 2 reads the admission from the server when the local copy is missing (issue 59 item 8)', () => {
  it('offers Buy Now to a parent whose admission is on the server only, and keeps it locally', async () => {
    stubApi(admission);
    renderAt('/admission-form-step-2');
    const buy = await screen.findByRole('button', { name: 'Buy Now: Beginners course' });
    await vi.waitFor(() => expect(buy).toBeEnabled());
    expect(screen.queryByText(/fill the admission form/)).not.toBeInTheDocument();
    expect(readAdmission()).toEqual({ id: 'a1', name: 'Riya Rao', center: 'Andheri' });
  });

  it('asks for the form first when the server has none either', async () => {
    stubApi(null);
    renderAt('/admission-form-step-2');
    expect(await screen.findByRole('link', { name: 'fill the admission form' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buy Now: Beginners course' })).toBeDisabled();
    expect(localStorage.getItem(ADMISSION_KEY)).toBeNull();
  });
});
