import { describe, expect, it } from 'vitest';
import {
  fillOtpBoxes,
  isCompleteOtp,
  isLongEnoughPassword,
  isValidEmail,
  looksLikeEmail,
  maskEmail,
  normalizeEmail,
} from './credentials.ts';

describe('emails', () => {
  it('masks an email to its first letter and domain', () => {
    expect(maskEmail('asha.k@example.com')).toBe('a•••@example.com');
    expect(maskEmail('x@shop.in')).toBe('x•••@shop.in');
    expect(maskEmail('not-an-email')).toBe('•••');
    expect(maskEmail('@shop.in')).toBe('•••');
  });

  it('normalises case and spaces', () => {
    expect(normalizeEmail('  Asha.K@Example.COM ')).toBe('asha.k@example.com');
  });
  it('registration needs "@" and "."', () => {
    expect(looksLikeEmail('a@b.c')).toBe(true);
    expect(looksLikeEmail('ab.c')).toBe(false);
    expect(looksLikeEmail('a@bc')).toBe(false);
  });
  it('the basic pattern rejects spaces and missing parts', () => {
    expect(isValidEmail('asha@example.com')).toBe(true);
    expect(isValidEmail(' asha@example.com ')).toBe(true);
    expect(isValidEmail('asha@example')).toBe(false);
    expect(isValidEmail('as ha@example.com')).toBe(false);
    expect(isValidEmail('@example.com')).toBe(false);
    expect(isValidEmail('asha@@example.com')).toBe(false);
  });
});

describe('passwords and codes', () => {
  it('needs at least 6 characters', () => {
    expect(isLongEnoughPassword('12345')).toBe(false);
    expect(isLongEnoughPassword('123456')).toBe(true);
  });
  it('a complete code is exactly six digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('1234567')).toBe(false);
    expect(isCompleteOtp('12a456')).toBe(false);
  });
});

describe('fillOtpBoxes', () => {
  const empty = ['', '', '', '', '', ''];
  it('puts one digit in the box and moves focus forward', () => {
    expect(fillOtpBoxes(empty, 0, '4')).toEqual({ boxes: ['4', '', '', '', '', ''], focus: 1 });
  });
  it('ignores non-digits', () => {
    expect(fillOtpBoxes(empty, 2, 'x')).toEqual({ boxes: empty, focus: 2 });
  });
  it('a paste of six digits fills every box and focuses the last', () => {
    expect(fillOtpBoxes(empty, 0, '123456')).toEqual({
      boxes: ['1', '2', '3', '4', '5', '6'],
      focus: 5,
    });
  });
  it('a paste past the end is cut', () => {
    expect(fillOtpBoxes(empty, 4, '9876')).toEqual({ boxes: ['', '', '', '', '9', '8'], focus: 5 });
  });
  it('clearing a box keeps focus there', () => {
    expect(fillOtpBoxes(['1', '2', '', '', '', ''], 1, '')).toEqual({
      boxes: ['1', '', '', '', '', ''],
      focus: 1,
    });
  });
});
