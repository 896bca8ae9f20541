import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shop/contracts';
import { auditActionWords } from './audit-actions.ts';

describe('auditActionWords', () => {
  it('names every action the API records in words of its own', () => {
    const words = AUDIT_ACTIONS.map(auditActionWords);
    for (const [i, w] of words.entries()) expect(w, AUDIT_ACTIONS[i]).not.toBe(AUDIT_ACTIONS[i]);
    expect(new Set(words).size).toBe(AUDIT_ACTIONS.length);
  });

  it('shows an action it does not know as it is, and nothing inherited', () => {
    expect(auditActionWords('legacy.thing')).toBe('legacy.thing');
    expect(auditActionWords('toString')).toBe('toString');
  });
});
