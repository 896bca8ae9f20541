import { describe, expect, it } from 'vitest';
import {
  checkGstin,
  customerGstNoProblem,
  CUSTOMER_GST_NO_MESSAGE,
  gstinCheckCharacter,
  normalizeGstin,
} from './gstin.ts';

describe('gstinCheckCharacter', () => {
  it('gives the published example its check character and a changed digit another', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('27AAPFU0939F2Z')).not.toBe('V');
  });
});

describe('checkGstin', () => {
  it('accepts a valid GSTIN typed loosely and names its state', () => {
    expect(checkGstin(' 27aapfu0939f1zv ')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      stateName: 'Maharashtra',
    });
    const karnataka = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
    expect(checkGstin(karnataka)).toMatchObject({ ok: true, stateName: 'Karnataka' });
  });

  it('refuses a wrong length, shape, state code or check character, saying which', () => {
    expect(checkGstin('27AAPFU0939F1Z')).toEqual({
      ok: false,
      message: 'A GSTIN has 15 characters.',
    });
    expect(checkGstin('27AAPF10939F1ZV')).toMatchObject({ ok: false, message: /not a GSTIN/ });
    const noState = `99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`;
    expect(checkGstin(noState)).toEqual({ ok: false, message: '99 is not a GST state code.' });
    expect(checkGstin('27AAPFU0939F1ZW')).toMatchObject({ ok: false, message: /typo/ });
  });

  it('normalises spaces and case', () => {
    expect(normalizeGstin('27 aapfu 0939f1zv')).toBe('27AAPFU0939F1ZV');
  });
});

describe('customerGstNoProblem', () => {
  it('takes none, or 15 letters and digits in any case; refuses anything else', () => {
    expect(customerGstNoProblem('')).toBeNull();
    expect(customerGstNoProblem(' 27aapfu0939f1zv ')).toBeNull();
    expect(customerGstNoProblem('27AAPFU0939F1Z')).toBe(CUSTOMER_GST_NO_MESSAGE);
    expect(customerGstNoProblem('27AAPFU0939F1Z-')).toBe(CUSTOMER_GST_NO_MESSAGE);
  });
});
