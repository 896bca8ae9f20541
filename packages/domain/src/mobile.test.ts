import { describe, expect, it } from 'vitest';
import {
  writtenAsNumber,
  MOBILE_INPUT_MAX_LENGTH,
  MOBILE_INVALID_MESSAGE,
  mobileInput,
  normalizeMobile,
  validateMobile,
} from './mobile.ts';

describe('normalizeMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'], // leading +91 removed
    ['+919876543210', '9876543210'],
    ['+91 98200 12345', '9820012345'], // issue 29: was cut to 9198200 in the register form
    ['+91-98200-12345', '9820012345'],
    ['(+91) 98200 12345', '9820012345'],
    ['919876543210', '9876543210'], // leading 91 when longer than 10
    ['09876543210', '9876543210'], // leading 0
    ['98765 43210', '9876543210'], // spaces stripped
    ['98765-43210', '9876543210'], // dashes stripped
    ['(987) 654-3210', '9876543210'],
    ['0091 98765 43210', '9876543210'], // international 00 prefix, then 91
    ['+91 0 98765 43210', '9876543210'], // 91, then 0
    ['9198765432', '9198765432'], // 10 digits starting with 91 are kept
    ['91987654321', '987654321'], // 11 digits: 91 removed, 9 left
    ['98765432109', '98765432109'], // not cut to 10 digits: validateMobile refuses it
    ['abc98765x43210', '9876543210'], // letters stripped
    ['12345', '12345'],
    ['', ''],
    ['+91', '91'], // not longer than 10, so 91 stays
    ['0', ''],
    ['٩٨٧٦٥٤٣٢١٠', ''], // non-ASCII digits are not digits here
  ])('%j -> %j', (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });

  it('removes only one leading 0', () => {
    expect(normalizeMobile('009876543210')).toBe('09876543210');
  });
});

describe('validateMobile: exactly 10 digits after normalising', () => {
  it('has the spec message', () => {
    expect(MOBILE_INVALID_MESSAGE).toBe('Please enter a valid 10-digit mobile number.');
  });

  it.each([
    '+91 98765-43210',
    '09876543210',
    '919876543210',
    '98765 43210',
    '0091 98765 43210',
    '98765abc43210',
  ])('accepts %j as 9876543210', (input) => {
    expect(validateMobile(input)).toEqual({ ok: true, mobile: '9876543210' });
  });

  it.each([
    '12345',
    '',
    '   ',
    '+91',
    '987654321',
    '91987654321',
    'abcdefghij',
    '0',
    '+91 0',
    '98765432109', // a digit too many is not silently dropped
    '+91 98200 123456',
    '009876543210',
  ])('rejects %j', (input) => {
    expect(validateMobile(input)).toEqual({ ok: false, message: MOBILE_INVALID_MESSAGE });
  });
});

describe('mobileInput: what the box keeps while typing', () => {
  it.each([
    ['+91 98200 12345', '+91 98200 12345'],
    ['+91-98200-12345', '+91-98200-12345'],
    ['(+91) 98200.12345', '(+91) 98200.12345'],
    ['98a20b0 12345', '98200 12345'],
    ['0091 98200 12345 999999', '0091 98200 12345 999'],
  ])('%j -> %j', (typed, kept) => {
    expect(mobileInput(typed)).toBe(kept);
  });

  it('keeps room for the longest usual way of writing a number, which then validates', () => {
    const typed = '(+91) 98200-12345';
    expect(typed.length).toBeLessThanOrEqual(MOBILE_INPUT_MAX_LENGTH);
    expect(validateMobile(mobileInput(typed))).toEqual({ ok: true, mobile: '9820012345' });
  });
});

describe('writtenAsNumber', () => {
  it('is a number as people write one, not text with digits in it', () => {
    for (const n of ['98200 54321', '+91 98200-54321', '(+91) 98200.54321', '543']) {
      expect(writtenAsNumber(n)).toBe(true);
    }
    for (const t of ['meera.54321@example.com', 'p3x9k2', 'Meera', '+ -', '']) {
      expect(writtenAsNumber(t)).toBe(false);
    }
  });
});
