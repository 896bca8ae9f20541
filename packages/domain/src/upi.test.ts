import { describe, expect, it } from 'vitest';
import {
  checkUpiId,
  checkUpiQr,
  checkUtr,
  manualPayStateOf,
  parseUpiPayLink,
  upiPayLink,
  UPI_MESSAGES,
} from './upi.ts';

describe('checkUpiId', () => {
  it.each([
    ['shop@okhdfcbank', 'shop@okhdfcbank'],
    [' Ravi.Sweets-1_x@YBL ', 'ravi.sweets-1_x@ybl'],
    ['9820012345@paytm', '9820012345@paytm'],
  ])('accepts %j as %j', (input, upiId) => {
    expect(checkUpiId(input)).toEqual({ ok: true, upiId });
  });

  it.each([
    '',
    'shop',
    'shop@',
    '@okaxis',
    's@okaxis',
    'shop@ok axis',
    'shop@okaxis1',
    'shop@@okaxis',
    'shop name@okaxis',
    'shop@a',
    'shop@example.com',
  ])('refuses %j', (input) => {
    expect(checkUpiId(input)).toEqual({ ok: false, message: UPI_MESSAGES.upiIdInvalid });
  });
});

describe('checkUtr', () => {
  it('keeps the 12 digits as typed with spaces or dashes', () => {
    expect(checkUtr('4123 4567 8901')).toEqual({ ok: true, utr: '412345678901' });
    expect(checkUtr('412345-678901')).toEqual({ ok: true, utr: '412345678901' });
  });
  it.each(['', '41234567890', '4123456789012', '41234567890a', 'UTR412345678'])(
    'refuses %j',
    (input) => {
      expect(checkUtr(input)).toEqual({ ok: false, message: UPI_MESSAGES.utrInvalid });
    },
  );
});

describe('upiPayLink', () => {
  it('carries the UPI ID, payee, rupees with 2 decimals, INR and the note, URL-encoded', () => {
    expect(
      upiPayLink({
        upiId: 'shop@okaxis',
        payeeName: 'Ravi & Sons',
        amountPaise: 80820,
        note: 'Order rcpt_1',
      }),
    ).toBe('upi://pay?pa=shop%40okaxis&pn=Ravi%20%26%20Sons&am=808.20&cu=INR&tn=Order%20rcpt_1');
  });
  it('writes whole rupees with two decimals', () => {
    expect(upiPayLink({ upiId: 'a1@ybl', payeeName: 'A', amountPaise: 100, note: 'x' })).toContain(
      'am=1.00&',
    );
  });
});

describe('manualPayStateOf', () => {
  it('waits for the payment until a UTR is entered, then for the shop', () => {
    expect(manualPayStateOf({ paymentStatus: 'Pending', orderStatus: 'Pending', utr: null })).toBe(
      'awaiting-payment',
    );
    expect(
      manualPayStateOf({ paymentStatus: 'Pending', orderStatus: 'Pending', utr: '412345678901' }),
    ).toBe('awaiting-confirmation');
  });
  it('is paid once confirmed, cancelled once rejected', () => {
    expect(
      manualPayStateOf({
        paymentStatus: 'Success',
        orderStatus: 'Processing',
        utr: '412345678901',
      }),
    ).toBe('paid');
    expect(
      manualPayStateOf({ paymentStatus: 'Pending', orderStatus: 'Cancelled', utr: '412345678901' }),
    ).toBe('cancelled');
    expect(
      manualPayStateOf({ paymentStatus: 'Refund pending', orderStatus: 'Cancelled', utr: '1' }),
    ).toBe('cancelled');
  });
});

describe('parseUpiPayLink', () => {
  it('reads the payee of a merchant QR link, the UPI ID lower-cased', () => {
    expect(
      parseUpiPayLink('upi://pay?pa=Ravi.Sweets@OKHDFCBANK&pn=Ravi%20Sweets&mc=5411&mode=02'),
    ).toEqual({ upiId: 'ravi.sweets@okhdfcbank', payeeName: 'Ravi Sweets' });
    expect(parseUpiPayLink(' UPI://PAY?pa=shop@ybl ')).toEqual({
      upiId: 'shop@ybl',
      payeeName: '',
    });
  });
  it('reads back the link upiPayLink makes', () => {
    const link = upiPayLink({
      upiId: 'shop@okaxis',
      payeeName: 'Rani & Co',
      amountPaise: 100,
      note: 'Test payment',
    });
    expect(parseUpiPayLink(link)).toEqual({ upiId: 'shop@okaxis', payeeName: 'Rani & Co' });
  });
  it.each([
    'https://example.com/pay?pa=shop@okaxis',
    'upi://mandate?pa=shop@okaxis',
    'upi://pay?pn=Shop',
    'upi://pay?pa=not-an-id',
    'shop@okaxis',
    '',
  ])('finds no payee in %j', (text) => {
    expect(parseUpiPayLink(text)).toBeNull();
  });
});

describe('checkUpiQr', () => {
  it('accepts a QR of the same UPI ID, in any case', () => {
    expect(checkUpiQr('upi://pay?pa=Shop@OkAxis&pn=Shop', 'shop@okaxis')).toEqual({
      ok: true,
      payee: { upiId: 'shop@okaxis', payeeName: 'Shop' },
    });
  });
  it('refuses a QR of another UPI ID, naming both', () => {
    const c = checkUpiQr('upi://pay?pa=other@ybl', 'shop@okaxis');
    expect(c.ok).toBe(false);
    expect(!c.ok && c.message).toMatch(/pays other@ybl, not the UPI ID shop@okaxis/);
  });
  it('refuses a picture without a UPI QR code', () => {
    expect(checkUpiQr(null, 'shop@okaxis')).toEqual({
      ok: false,
      message: UPI_MESSAGES.qrUnreadable,
    });
    expect(checkUpiQr('https://shop.example.in', 'shop@okaxis')).toEqual({
      ok: false,
      message: UPI_MESSAGES.qrUnreadable,
    });
  });
  it('refuses when the UPI ID itself is not one', () => {
    expect(checkUpiQr('upi://pay?pa=shop@okaxis', 'shop')).toEqual({
      ok: false,
      message: UPI_MESSAGES.upiIdInvalid,
    });
  });
});
