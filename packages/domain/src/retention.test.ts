import { describe, expect, it } from 'vitest';
import { RETENTION_RULES, retentionCutoff, retentionRule } from './retention.ts';

describe('retention periods (DPDP Rules 2025, rule 8)', () => {
  it('gives each kind one rule', () => {
    const kinds = RETENTION_RULES.map((r) => r.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(retentionRule('sessions').keepDays).toBe(30);
  });

  it('puts the cutoff the period before now', () => {
    const now = new Date('2026-12-07T12:00:00.000Z');
    expect(retentionCutoff('codes', now).toISOString()).toBe('2026-12-06T12:00:00.000Z');
    expect(retentionCutoff('sessions', now).toISOString()).toBe('2026-11-07T12:00:00.000Z');
  });

  it('keeps tax records longer than anything a shopper could ask to erase', () => {
    const longest = Math.max(...RETENTION_RULES.map((r) => r.keepDays));
    expect(retentionRule('invoices').keepDays).toBe(longest);
  });
});
