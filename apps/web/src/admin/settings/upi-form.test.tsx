import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpiSettingsView } from '@shop/contracts';
import { ServerError } from '../../lib/api-request.ts';
import { uploadImages } from '../lib/image-upload.ts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { readQrImage } from './read-qr-image.ts';
import { UpiForm } from './upi-form.tsx';

vi.mock('./read-qr-image.ts', () => ({ readQrImage: vi.fn() }));
vi.mock('../lib/image-upload.ts', () => ({ uploadImages: vi.fn() }));
const readQr = vi.mocked(readQrImage);
const upload = vi.mocked(uploadImages);

const QR_URL = '/api/uploads/media/urbanroll/0123456789abcdef-512/512.webp';
const TEST = {
  amount: 1,
  upi_id: 'rani@okaxis',
  payee_name: 'Rani Sarees',
  note: 'Test payment',
  link: 'upi://pay?pa=rani%40okaxis&pn=Rani%20Sarees&am=1.00&cu=INR&tn=Test%20payment',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const SAVED: UpiSettingsView = {
  upi_id: 'rani@okaxis',
  payee_name: 'Rani Sarees',
  enabled: true,
  qr_image: '',
  test_payment: TEST,
};

const puts: Record<string, unknown>[] = [];
function stubApi(initial: UpiSettingsView, answerPut?: (b: Record<string, unknown>) => unknown) {
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const json = (status: number, b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status }));
      if (path !== '/api/admin/settings/upi') return json(404, {});
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push(body);
        return json(200, answerPut?.(body) ?? { isError: false, data: { ...initial, ...body } });
      }
      return json(200, { isError: false, data: initial });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  readQr.mockReset();
  upload.mockReset();
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
      <UpiForm />
    </QueryClientProvider>,
  );
}

const chooseOwnQr = async () => {
  fireEvent.click(await screen.findByLabelText(/My shop.s own QR code/));
};
const pick = (label: RegExp) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File(['png'], 'qr.png', { type: 'image/png' })] },
  });

describe('the UPI settings form', () => {
  it('refuses a QR of another UPI ID beside the upload, naming both IDs, and uploads nothing', async () => {
    stubApi(SAVED);
    readQr.mockResolvedValue('upi://pay?pa=someone@ybl&pn=Someone');
    renderForm();
    await chooseOwnQr();
    const input = screen.getByLabelText('Upload your QR code');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    pick(/^Upload your QR code/);
    expect(
      await screen.findByText(/This QR code pays someone@ybl, not the UPI ID rani@okaxis/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Upload your QR code')).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
    // Saving now is refused too: the shop's own QR is chosen but none is saved.
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI settings' }));
    expect(await screen.findByText(/Upload your shop.s QR code, or choose/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('uploads a QR of the same UPI ID, keeps other unsaved edits, and previews it', async () => {
    stubApi(SAVED);
    readQr.mockResolvedValue('upi://pay?pa=RANI@okaxis&pn=Rani');
    upload.mockResolvedValue({ isError: false, data: { ...SAVED, qr_image: QR_URL } });
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Payee name/), {
      target: { value: 'Rani Sarees Pvt' },
    });
    await chooseOwnQr();
    pick(/^Upload your QR code/);
    expect(await screen.findByText(/Your QR code is saved/)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('/admin/settings/upi/qr?upi_id=rani%40okaxis', [
      expect.any(File),
    ]);
    expect(screen.getByLabelText(/^Payee name/)).toHaveValue('Rani Sarees Pvt');
    const preview = screen.getByRole('region', { name: /What shoppers see/ });
    expect(within(preview).getByAltText(/The shop.s UPI QR code/)).toHaveAttribute('src', QR_URL);
  });

  it('shows the server’s refusal of a QR beside the upload', async () => {
    stubApi(SAVED);
    readQr.mockResolvedValue('upi://pay?pa=rani@okaxis');
    upload.mockRejectedValue(
      new ServerError(
        400,
        'This QR code pays x@ybl, not the UPI ID rani@okaxis above.',
        'qr_image',
      ),
    );
    renderForm();
    await chooseOwnQr();
    pick(/^Upload your QR code/);
    expect(await screen.findByText(/pays x@ybl, not the UPI ID rani@okaxis/)).toBeInTheDocument();
  });

  it('previews the generated QR of a ₹1 test payment with its link', async () => {
    stubApi(SAVED);
    renderForm();
    const preview = await screen.findByRole('region', { name: /What shoppers see/ });
    expect(within(preview).getByTestId('upi-amount')).toHaveTextContent(/^₹1$/);
    expect(within(preview).getByAltText('UPI QR code: pay ₹1 to rani@okaxis')).toBeVisible();
    expect(screen.getByTestId('upi-test-link')).toHaveAttribute('href', TEST.link);
  });

  it('sends a generated QR as no image, and checks every box at once before saving', async () => {
    stubApi({ ...SAVED, qr_image: QR_URL });
    renderForm();
    fireEvent.click(await screen.findByLabelText(/A QR code made for each order/));
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'rani' } });
    fireEvent.change(screen.getByLabelText(/^Payee name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI settings' }));
    expect(await screen.findByText(/Enter the UPI ID like/)).toBeInTheDocument();
    expect(screen.getByText(/Enter the payee name/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('UPI ID')).toHaveFocus());

    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'rani@ybl' } });
    fireEvent.change(screen.getByLabelText(/^Payee name/), { target: { value: 'Rani' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI settings' }));
    expect(await within(screen.getByTestId('save-bar')).findByText('Saved.')).toBeInTheDocument();
    expect(puts[0]).toEqual({
      upi_id: 'rani@ybl',
      payee_name: 'Rani',
      enabled: true,
      qr_image: '',
    });
  });

  it('takes the UPI ID from the QR when none is typed yet', async () => {
    const empty = { ...SAVED, upi_id: '', payee_name: '', enabled: false, test_payment: null };
    stubApi(empty);
    readQr.mockResolvedValue('upi://pay?pa=rani@okaxis&pn=Rani%20Sarees');
    upload.mockResolvedValue({
      isError: false,
      data: { ...SAVED, enabled: false, qr_image: QR_URL },
    });
    renderForm();
    await chooseOwnQr();
    pick(/^Upload your QR code/);
    expect(await screen.findByText(/Your QR code is saved/)).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('/admin/settings/upi/qr?upi_id=rani%40okaxis', [
      expect.any(File),
    ]);
    expect(screen.getByLabelText('UPI ID')).toHaveValue('rani@okaxis');
    expect(screen.getByLabelText(/^Payee name/)).toHaveValue('Rani Sarees');
  });
});
