import { describe, expect, it } from 'vitest';
import { defaultPayMode } from './pay-mode.ts';

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
