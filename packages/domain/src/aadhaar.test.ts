import { describe, expect, it } from 'vitest';
import { checkAadhaar, maskAadhaar, verhoeffCheckDigit, verhoeffValid } from './aadhaar.ts';

describe('Verhoeff', () => {
  it('gives the published check digits', () => {
    // The textbook examples: 236 -> 3, 12345 -> 1, 142857 -> 0.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('142857')).toBe(0);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('123451')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and adjacent swap of a valid number', () => {
    const valid = '234123412346';
    expect(verhoeffValid(valid)).toBe(true);
    for (let i = 0; i < valid.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === valid[i]) continue;
        expect(verhoeffValid(valid.slice(0, i) + String(d) + valid.slice(i + 1))).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        const swapped = valid.slice(0, i) + valid[i + 1]! + valid[i]! + valid.slice(i + 2);
        expect(verhoeffValid(swapped)).toBe(false);
      }
    }
  });
});

describe('checkAadhaar', () => {
  it('accepts known-valid numbers (UIDAI test numbers), with or without spaces', () => {
    expect(checkAadhaar('234123412346')).toEqual({ ok: true, digits: '234123412346' });
    expect(checkAadhaar('9999 9999 0019')).toEqual({ ok: true, digits: '999999990019' });
    expect(checkAadhaar('499118665246')).toEqual({ ok: true, digits: '499118665246' });
  });

  it('names what is wrong', () => {
    expect(checkAadhaar('')).toEqual({ ok: false, problem: 'required' });
    expect(checkAadhaar('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkAadhaar('23412341234')).toEqual({ ok: false, problem: 'length' });
    expect(checkAadhaar('2341234123467')).toEqual({ ok: false, problem: 'length' });
    expect(checkAadhaar('23412341234a')).toEqual({ ok: false, problem: 'length' });
    expect(checkAadhaar('234123412345')).toEqual({ ok: false, problem: 'checksum' });
    // Valid Verhoeff but a leading 0 or 1 is never issued.
    const leadingOne = `12345678901${verhoeffCheckDigit('12345678901')}`;
    expect(verhoeffValid(leadingOne)).toBe(true);
    expect(checkAadhaar(leadingOne)).toEqual({ ok: false, problem: 'checksum' });
  });

  it('masks all but the last four', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar('2346')).toBe('XXXX XXXX 2346');
  });
});
