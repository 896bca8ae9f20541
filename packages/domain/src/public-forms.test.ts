import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  displayIndianPhone,
  isCalendarDate,
  messageCounter,
} from './public-forms.ts';

describe('the contact message counter', () => {
  it('counts up to 500 and turns red at 500, not before', () => {
    expect(CONTACT_MESSAGE_MAX_LENGTH).toBe(500);
    expect(messageCounter(0)).toEqual({ text: '0/500', atLimit: false });
    expect(messageCounter(499)).toEqual({ text: '499/500', atLimit: false });
    expect(messageCounter(500)).toEqual({ text: '500/500', atLimit: true });
  });
});

describe('displayIndianPhone', () => {
  it('shows a 10-digit mobile with +91, whatever prefix it was stored with', () => {
    expect(displayIndianPhone('9820012345')).toBe('+91 98200 12345');
    expect(displayIndianPhone('919820012345')).toBe('+91 98200 12345');
  });
  it('leaves anything else as it is', () => {
    expect(displayIndianPhone('12345')).toBe('12345');
  });
});

describe('isCalendarDate', () => {
  it('takes a real date written YYYY-MM-DD', () => {
    for (const d of ['2015-04-12', '2024-02-29', '2023-12-31', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(d)).toBe(true);
    }
  });
  it('refuses a day the month does not have, year 0000 and other shapes', () => {
    for (const d of ['2023-02-29', '2019-02-30', '2021-04-31', '2021-13-01', '2021-00-10']) {
      expect(isCalendarDate(d)).toBe(false);
    }
    for (const d of [
      '0000-01-01',
      '2021-01-00',
      '',
      '2021-1-1',
      '12-04-2015',
      '2015-04-12T00:00',
    ]) {
      expect(isCalendarDate(d)).toBe(false);
    }
  });
});
