import { describe, expect, it } from 'vitest';
import { defaultPayMode, offeredPayButtons, switchedOnPayModes } from './pay-mode.ts';

describe('defaultPayMode: paymanual, then paynow, then payondelivery', () => {
  it('prefers paymanual whatever the order', () => {
    expect(
      defaultPayMode([
        { button_id: 'payondelivery' },
        { button_id: 'paynow' },
        { button_id: 'paymanual' },
      ]),
    ).toBe('paymanual');
  });

  it('prefers paynow over payondelivery', () => {
    expect(defaultPayMode([{ button_id: 'payondelivery' }, { button_id: 'paynow' }])).toBe(
      'paynow',
    );
  });

  it('falls back to payondelivery', () => {
    expect(defaultPayMode([{ button_id: 'payondelivery', status: 'Active' }])).toBe(
      'payondelivery',
    );
  });

  it('skips buttons that are not Active', () => {
    expect(
      defaultPayMode([
        { button_id: 'paymanual', status: 'Inactive' },
        { button_id: 'paynow', status: 'Active' },
      ]),
    ).toBe('paynow');
    expect(
      defaultPayMode([
        { button_id: 'paymanual', status: 'Inactive' },
        { button_id: 'paynow', status: '' },
        { button_id: 'payondelivery' },
      ]),
    ).toBe('payondelivery');
  });

  it('treats a missing or null status as active', () => {
    expect(defaultPayMode([{ button_id: 'paynow', status: null }])).toBe('paynow');
    expect(defaultPayMode([{ button_id: 'paynow', status: undefined }])).toBe('paynow');
  });

  it('is null when no known active button is present', () => {
    expect(defaultPayMode([])).toBeNull();
    expect(defaultPayMode([{ button_id: 'paynow', status: 'Inactive' }])).toBeNull();
    expect(defaultPayMode([{ button_id: 'getquote' }, { button_id: 'PAYNOW' }])).toBeNull();
  });
});

describe('offeredPayButtons', () => {
  const all = [
    { button_id: 'paymanual' },
    { button_id: 'paynow' },
    { button_id: 'payondelivery' },
    { button_id: 'getquote' },
  ];
  const ids = (shop: Parameters<typeof offeredPayButtons>[1]) =>
    offeredPayButtons(all, shop).map((b) => b.button_id);

  it('offers every payment button of a shop that takes online payments', () => {
    expect(ids({ onlinePayments: true, advancePercent: 20, admission: false })).toEqual([
      'paymanual',
      'paynow',
      'payondelivery',
    ]);
  });

  it('offers no Pay now without gateway keys, and Pay on delivery only without an advance', () => {
    expect(ids({ onlinePayments: false, advancePercent: 20, admission: false })).toEqual([
      'paymanual',
    ]);
    expect(ids({ onlinePayments: false, advancePercent: undefined, admission: false })).toEqual([
      'paymanual',
    ]);
    expect(ids({ onlinePayments: false, advancePercent: 0, admission: false })).toEqual([
      'paymanual',
      'payondelivery',
    ]);
  });

  it('offers no Pay by UPI for an admission', () => {
    expect(ids({ onlinePayments: true, advancePercent: 20, admission: true })).toEqual([
      'paynow',
      'payondelivery',
    ]);
  });
});

describe('switchedOnPayModes: the buttons that are on, Pay by UPI once its UPI ID is saved', () => {
  const on = (...ids: string[]) =>
    ['paymanual', 'paynow', 'payondelivery', 'getquote'].map((id) => ({
      button_id: id,
      active: ids.includes(id),
    }));

  it('counts Pay by UPI as a mode when it is on and the UPI ID is saved', () => {
    expect(switchedOnPayModes(on('paymanual'), 'shop@okhdfcbank')).toEqual(['paymanual']);
    expect(switchedOnPayModes(on('payondelivery', 'paymanual'), 'shop@ybl')).toEqual([
      'paymanual',
      'payondelivery',
    ]);
  });

  it('does not count Pay by UPI without a UPI ID, nor one that is off', () => {
    expect(switchedOnPayModes(on('paymanual'), '')).toEqual([]);
    expect(switchedOnPayModes(on('paymanual'), '   ')).toEqual([]);
    expect(switchedOnPayModes(on(), 'shop@ybl')).toEqual([]);
  });

  it('counts Pay now and pay on delivery when on, and ignores ids it does not know', () => {
    expect(switchedOnPayModes(on('paynow', 'payondelivery', 'getquote'), '')).toEqual([
      'paynow',
      'payondelivery',
    ]);
  });
});
