import { describe, expect, it } from 'vitest';
import { bodyOf, draftProblems, EMPTY, type Draft } from './coupon-draft.ts';

const fixed = (over: Partial<Draft> = {}): Draft => ({
  ...EMPTY,
  code: 'SAVE100',
  kind: 'fixed',
  amount: '100',
  ...over,
});

describe('the coupon draft', () => {
  it('takes amounts written as an owner writes them: ₹ and digit groups', () => {
    const d = fixed({ amount: '₹1,000', minimum: '1,49,999', usageLimit: '1,000' });
    expect(draftProblems(d)).toEqual({});
    expect(bodyOf(d)).toMatchObject({
      price_offer: 1000,
      minimum_sale_total: 149999,
      total_usage_limit: 1000,
    });
  });

  it('names the box of what is not a number', () => {
    expect(draftProblems(fixed({ minimum: '1,4', perCustomer: 'two' }))).toEqual({
      minimum: 'Enter a number, like 100.',
      perCustomer: 'Enter a number, like 100.',
    });
  });

  it('asks for the amount off when it is blank', () => {
    expect(draftProblems(fixed({ amount: '' }))).toEqual({ amount: 'Enter the amount off.' });
  });
});
