import { describe, expect, it } from 'vitest';
import { PINCODE_MIN_LENGTH, checkPincode } from './pincode.ts';

const LIST = ['400064', '400097', ' 400053 '];

describe('checkPincode', () => {
  it('needs at least 5 characters', () => {
    expect(PINCODE_MIN_LENGTH).toBe(5);
  });

  it.each(['', '    ', '4000', ' 4000 ', '1'])(
    'fewer than 5 characters (%j) gives Please enter a valid pincode',
    (pin) => {
      expect(checkPincode(pin, LIST)).toEqual({
        ok: false,
        message: 'Please enter a valid pincode',
      });
      expect(checkPincode(pin, [])).toEqual({
        ok: false,
        message: 'Please enter a valid pincode',
      });
    },
  );

  it('accepts exactly 5 characters', () => {
    expect(checkPincode('40006', [])).toEqual({ ok: true, message: 'Delivery available to 40006' });
  });

  it('an empty pincode list means delivery is available', () => {
    expect(checkPincode('110001', [])).toEqual({
      ok: true,
      message: 'Delivery available to 110001',
    });
  });

  it('a listed pincode gives Delivery available to {pin}', () => {
    expect(checkPincode('400064', LIST)).toEqual({
      ok: true,
      message: 'Delivery available to 400064',
    });
  });

  it('an unlisted pincode gives Sorry, delivery is not available to {pin}', () => {
    expect(checkPincode('110001', LIST)).toEqual({
      ok: false,
      message: 'Sorry, delivery is not available to 110001',
    });
  });

  it('compares trimmed values and reports the trimmed pin', () => {
    expect(checkPincode('  400097 ', LIST)).toEqual({
      ok: true,
      message: 'Delivery available to 400097',
    });
    expect(checkPincode('400053', LIST)).toEqual({
      ok: true,
      message: 'Delivery available to 400053',
    });
  });

  it('does not match prefixes or substrings', () => {
    expect(checkPincode('40006', LIST).ok).toBe(false);
    expect(checkPincode('4000640', LIST).ok).toBe(false);
  });
});
