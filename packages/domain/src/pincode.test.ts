import { describe, expect, it } from 'vitest';
import {
  PINCODE_MIN_LENGTH,
  checkPincode,
  parsePincodeList,
  pincodeSet,
  servesPincode,
} from './pincode.ts';

const LIST = ['400064', '400097', ' 400053 '];

describe('servesPincode', () => {
  it('a store listing no pincode delivers everywhere', () => {
    expect(servesPincode('110001', new Set())).toBe(true);
  });

  it('a store listing pincodes delivers to those only, the pin compared trimmed', () => {
    const listed = pincodeSet(['400064', ' 400097 ']);
    expect(servesPincode(' 400064 ', listed)).toBe(true);
    expect(servesPincode('400097', listed)).toBe(true);
    expect(servesPincode('110001', listed)).toBe(false);
  });
});

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

describe('parsePincodeList', () => {
  it('reads pasted lines, CSV cells, quotes and a header, once each', () => {
    expect(
      parsePincodeList('pincode,status\n"560001",Active\n\n560002; 560003\t560001\r\n 110001 '),
    ).toEqual({ pincodes: ['560001', '560002', '560003', '110001'], errors: [] });
  });

  it('reports each bad line by number and takes nothing of it', () => {
    expect(parsePincodeList('560001\n56000\n560002,abc\n012345\n400001')).toEqual({
      pincodes: ['560001', '400001'],
      errors: [
        {
          line: 2,
          text: '56000',
          message: '"56000" is not a pincode (6 digits, not starting with 0).',
        },
        {
          line: 3,
          text: '560002,abc',
          message: '"abc" is not a pincode (6 digits, not starting with 0).',
        },
        {
          line: 4,
          text: '012345',
          message: '"012345" is not a pincode (6 digits, not starting with 0).',
        },
      ],
    });
  });
});
