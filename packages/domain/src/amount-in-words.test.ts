import { describe, expect, it } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words.ts';

describe('numberInIndianWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [1000, 'One Thousand'],
    [1999, 'One Thousand Nine Hundred Ninety Nine'],
    [100_000, 'One Lakh'],
    [123_456, 'One Lakh Twenty Three Thousand Four Hundred Fifty Six'],
    [9_999_999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [10_000_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine'],
    [1_00_00_00_000, 'One Hundred Crore'],
  ])('%i is %s', (n, words) => {
    expect(numberInIndianWords(n)).toBe(words);
  });
  it('refuses what is not a whole number', () => {
    expect(() => numberInIndianWords(-1)).toThrow(RangeError);
    expect(() => numberInIndianWords(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it('reads rupees and paise', () => {
    expect(amountInWords(12_345_678)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only',
    );
    expect(amountInWords(50_000)).toBe('Rupees Five Hundred Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(105)).toBe('Rupees One and Five Paise Only');
  });
  it('refuses malformed paise', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});
