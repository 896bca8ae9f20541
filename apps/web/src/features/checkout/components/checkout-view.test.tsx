import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, PayButton } from '@shop/contracts';
import { checkoutDataFor, saveCheckoutData } from '../../../lib/checkout-handoff.ts';
import { saveSession } from '../../../lib/session.ts';
import { testLine } from '../../../test-cart-fixtures.ts';
import { testUser } from '../../../test-fixtures.ts';
import type * as CheckoutScript from '../gateway/checkout-script.ts';
import type { GatewayConstructor, GatewayOptions } from '../gateway/checkout-script.ts';
import { testAddress, testSummary } from '../test-checkout-fixtures.ts';
import { CheckoutView } from './checkout-view.tsx';

const payButtons = vi.hoisted((): { current: PayButton[] } => ({ current: [] }));
vi.mock('../../../lib/store-queries.ts', () => ({
  usePayButtons: () => ({ data: payButtons.current }),
}));

/** The payment window the test drives. */
const windows = vi.hoisted((): { made: GatewayOptions[] } => ({ made: [] }));
vi.mock('../gateway/checkout-script.ts', async (importActual) => {
  const actual = await importActual<typeof CheckoutScript>();
  const Widget = class {
    constructor(options: GatewayOptions) {
      windows.made.push(options);
    }
    on() {}
    open() {}
  } as unknown as GatewayConstructor;
  return { ...actual, loadCheckoutScript: () => Promise.resolve(Widget) };
});

interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: Call[] = [];
let answers: Record<string, () => Response | Promise<Response>> = {};

beforeEach(() => {
  calls = [];
  windows.made = [];
  payButtons.current = [
    { button_id: 'paynow', label: 'Pay now', default: true, status: 'Active' },
    { button_id: 'payondelivery', label: 'Pay on delivery', default: false, status: 'Active' },
  ];
  answers = {
    'GET /api/registeruser/single/u1': () =>
      json(200, { mobile: '9876543210', user_gstNo: '', message: 'User found' }),
    'POST /api/payment/summary': () => json(200, testSummary()),
    'GET /api/pay-razorpay/urbanroll': () =>
      json(200, {
        key_id: 'rzp_test_1',
        company_name: 'Urban Roll',
        company_color: '#c2410c',
        gateway: 'sandbox',
        online_payments: true,
      }),
    'POST /api/payment': () =>
      json(200, {
        success: true,
        order_id: 'o1',
        receipt_id: 'UR-1',
        totalAmountbeforePay: 699,
        razorpay_order: {
          id: 'order_ABC',
          entity: 'order',
          amount: 69900,
          currency: 'INR',
          receipt: 'UR-1',
          status: 'created',
          key_id: 'rzp_test_1',
        },
      }),
    'POST /api/payment/verify': () => json(200, { success: true, order_id: 'o1' }),
    // Pay now of the same order (decision 0040): its gateway order while the hold lasts.
    'POST /api/payment/order/o1/pay': () => answers['POST /api/payment']!(),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({
        method,
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      const answer = answers[`${method} ${url.split('?')[0]}`];
      return Promise.resolve(answer ? answer() : json(404, { msg: `no ${method} ${url}` }));
    }),
  );
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
});

afterEach(() => vi.unstubAllGlobals());

function renderCheckout(addresses: {
  shipping: Address | null;
  billing: Address | null;
  loading?: boolean;
}) {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: <CheckoutView user={testUser} addressPanel={null} {...addresses} />,
      },
      { path: '/payment-success/:id', element: <p>success page</p> },
      { path: '/payment-failed/:id', element: <p>failed page</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const placed = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/payment');
const home = testAddress('a1');

describe('checkout', () => {
  describe('a shop without Razorpay keys yet', () => {
    const keyless = (advancePercent: number) => {
      answers['GET /api/pay-razorpay/urbanroll'] = () =>
        json(200, {
          key_id: '',
          company_name: 'Urban Roll',
          company_color: '#c2410c',
          gateway: 'razorpay',
          online_payments: false,
        });
      answers['GET /api/deliverypaybefore/single/urbanroll'] = () =>
        json(200, { isError: false, help: { delivery_percentage: advancePercent } });
    };

    it('offers no Pay now and no advance, and says so in plain words', async () => {
      keyless(20);
      saveCheckoutData(checkoutDataFor([testLine('A')]));
      renderCheckout({ shipping: home, billing: home });
      expect(await screen.findByTestId('online-payments-off')).toHaveTextContent(
        'This shop cannot take online payments yet, so Pay now and the advance for pay on delivery are not available.',
      );
      expect(screen.queryByRole('radio', { name: /Pay now/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: /Pay on delivery/ })).not.toBeInTheDocument();
    });

    it('offers pay on delivery when the shop takes no advance (0%)', async () => {
      keyless(0);
      saveCheckoutData(checkoutDataFor([testLine('A')]));
      renderCheckout({ shipping: home, billing: home });
      expect(await screen.findByTestId('online-payments-off')).toHaveTextContent(
        'You can order now and pay the whole amount on delivery.',
      );
      expect(await screen.findByRole('radio', { name: /Pay on delivery/ })).toBeChecked();
      expect(screen.queryByRole('radio', { name: /Pay now/ })).not.toBeInTheDocument();
    });

    it('offering Pay by UPI explains nothing, and a 0% advance is "the whole amount on delivery"', async () => {
      keyless(0);
      answers['POST /api/payment/summary'] = () =>
        json(
          200,
          testSummary({ payment_mode: 'Pay on delivery', delivery_percentage: 0, advance: 0 }),
        );
      payButtons.current = [
        { button_id: 'paymanual', label: 'Pay by UPI', default: true, status: 'Active' },
        { button_id: 'payondelivery', label: 'Pay on delivery', default: false, status: 'Active' },
      ];
      saveCheckoutData(checkoutDataFor([testLine('A')]));
      renderCheckout({ shipping: home, billing: home });
      fireEvent.click(await screen.findByRole('radio', { name: /Pay on delivery/ }));
      expect(await screen.findByTestId('pod-split')).toHaveTextContent(
        'Pay the whole amount on delivery.',
      );
      expect(screen.getByRole('radio', { name: /Pay by UPI/ })).toBeInTheDocument();
      expect(screen.queryByTestId('online-payments-off')).not.toBeInTheDocument();
    });
  });

  it('says "Your cart is empty!" for empty checkout data', async () => {
    saveCheckoutData(checkoutDataFor([]));
    renderCheckout({ shipping: home, billing: home });
    expect(await screen.findByText('Your cart is empty!')).toBeInTheDocument();
  });

  it('says "Your cart is empty!" without checkout data when the server cart is empty', async () => {
    answers['POST /api/payment/summary'] = () =>
      json(400, { isError: true, msg: 'Your cart is empty!', field: 'cart_products' });
    renderCheckout({ shipping: home, billing: home });
    expect(await screen.findByText('Your cart is empty!')).toBeInTheDocument();
    const summary = calls.find((c) => c.url === '/api/payment/summary');
    expect(summary?.body).not.toHaveProperty('cart_products');
  });

  it('asks for the summary only once the addresses are known (delivery depends on them)', async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: null, billing: null, loading: true });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/pay-razorpay/urbanroll')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url === '/api/payment/summary')).toEqual([]);
  });

  it("shows the server's summary: total, GST included, delivery, and what was saved", async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: home, billing: home });
    expect(await screen.findByTestId('summary-total')).toHaveTextContent('₹699');
    expect(screen.getByText(/Includes GST ₹33.29/)).toBeInTheDocument();
    expect(screen.getByText('You saved ₹150')).toBeInTheDocument();
    expect(screen.getByText('Product discount').nextElementSibling).toHaveTextContent('−₹150');
    const summary = calls.find((c) => c.url === '/api/payment/summary');
    expect(summary?.body).toMatchObject({
      main_id: 'urbanroll',
      cart_products: [{ product_sku: 'A', quantity: 1 }],
      shipping_address: 'a1',
      payment_mode: 'Pay now',
    });
  });

  it('asks for a billing address, then a valid mobile, before placing anything', async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: home, billing: null });
    await screen.findByTestId('summary-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Please select a billing address.')).toBeInTheDocument();
    expect(placed()).toHaveLength(0);
  });

  it('normalises the mobile and refuses one that is not 10 digits', async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    const mobile = await screen.findByLabelText('Mobile number');
    await waitFor(() => expect(mobile).toHaveValue('9876543210'));
    fireEvent.change(mobile, { target: { value: '+91 98765-43210' } });
    fireEvent.blur(mobile);
    expect(mobile).toHaveValue('9876543210');
    fireEvent.change(mobile, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(
      await screen.findAllByText('Please enter a valid 10-digit mobile number.'),
    ).not.toHaveLength(0);
    expect(placed()).toHaveLength(0);
  });

  it('places once however often it is clicked, with an Idempotency-Key, then verifies and goes to the success page', async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    const router = renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    const button = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(windows.made).toHaveLength(1));
    expect(placed()).toHaveLength(1);
    expect(placed()[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(placed()[0]?.body).toMatchObject({
      billing_address: 'a1',
      shipping_address: 'a1',
      mobile: '9876543210',
      payment_mode: 'Pay now',
      cart_products: [{ product_sku: 'A', quantity: 1 }],
    });
    expect(windows.made[0]).toMatchObject({
      order_id: 'order_ABC',
      amount: 69900,
      key: 'rzp_test_1',
    });
    windows.made[0]?.handler({
      razorpay_order_id: 'order_ABC',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'f'.repeat(64),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success/o1'));
    expect(calls.find((c) => c.url === '/api/payment/verify')?.body).toMatchObject({
      razorpay_order_id: 'order_ABC',
      razorpay_payment_id: 'pay_1',
      receipt_id: 'UR-1',
    });
  });

  it('goes to the failed page when the server does not verify the payment', async () => {
    answers['POST /api/payment/verify'] = () => json(400, { msg: 'Payment verification failed.' });
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    const router = renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(windows.made).toHaveLength(1));
    windows.made[0]?.handler({
      razorpay_order_id: 'order_ABC',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'f'.repeat(64),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-failed/o1'));
  });

  it('stays on checkout when the window is closed, and pays the same order on retry', async () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(windows.made).toHaveLength(1));
    windows.made[0]?.modal?.ondismiss?.();
    expect(await screen.findByText(/The payment was not completed/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    await waitFor(() => expect(windows.made).toHaveLength(2));
    expect(windows.made[1]?.order_id).toBe('order_ABC');
    expect(placed()).toHaveLength(1);
    // The retry asks the server for the same order's gateway order (fresh once its hold ended).
    expect(calls.filter((c) => c.url === '/api/payment/order/o1/pay')).toHaveLength(1);
    // Placing again with the same order body sends the same key: the server answers the same order.
    windows.made[1]?.modal?.ondismiss?.();
    await screen.findByRole('button', { name: 'Retry payment' });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed()).toHaveLength(2));
    expect(placed()[1]?.headers['idempotency-key']).toBe(placed()[0]?.headers['idempotency-key']);
  });

  it('goes straight to the success page for a ₹0 order (paid in full by its discount, no window)', async () => {
    answers['POST /api/payment'] = () =>
      json(200, {
        success: true,
        order_id: 'o0',
        receipt_id: 'UR-0',
        totalAmountbeforePay: 0,
        status: 'Success',
      });
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    const router = renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success/o0'));
    expect(windows.made).toHaveLength(0);
    expect(calls.find((c) => c.url === '/api/payment/verify')).toBeUndefined();
  });

  it("shows the server's message when the order is refused", async () => {
    answers['POST /api/payment'] = () =>
      json(400, { isError: true, msg: 'Sorry, we do not deliver to this pincode.' });
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    renderCheckout({ shipping: home, billing: home });
    await screen.findByTestId('summary-total');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(
      await screen.findByText('Sorry, we do not deliver to this pincode.'),
    ).toBeInTheDocument();
    expect(windows.made).toHaveLength(0);
  });
});
