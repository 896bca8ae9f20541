import { describe, expect, it } from 'vitest';
import {
  inactiveErasureDate,
  inactivityCutoffs,
  RETENTION_RULES,
  RETENTION_SETTABLE,
  retentionCutoff,
  retentionRule,
} from './retention.ts';

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

describe('inactive accounts and the periods the owner sets (issue 61 item 5)', () => {
  const now = new Date('2026-12-07T12:00:00.000Z');

  it('warns 48 hours before the period ends and erases once the period is over', () => {
    const c = inactivityCutoffs(now, 365);
    expect(c.eraseActiveBefore.toISOString()).toBe('2025-12-07T12:00:00.000Z');
    expect(c.warnActiveBefore.toISOString()).toBe('2025-12-09T12:00:00.000Z');
    expect(c.eraseWarnedBefore.toISOString()).toBe('2026-12-05T12:00:00.000Z');
  });

  it('names the later of 48 hours after the warning and the end of the period', () => {
    const lastActive = new Date('2025-12-08T12:00:00.000Z');
    expect(inactiveErasureDate(now, lastActive, 365).toISOString()).toBe(
      '2026-12-09T12:00:00.000Z',
    );
    expect(inactiveErasureDate(now, lastActive, 366).toISOString()).toBe(
      '2026-12-09T12:00:00.000Z',
    );
    expect(inactiveErasureDate(now, lastActive, 370).toISOString()).toBe(
      '2026-12-13T12:00:00.000Z',
    );
  });

  it("uses the store's own days for the settable kinds, within the bounds", () => {
    expect(retentionCutoff('enquiries', now, 180).toISOString()).toBe('2026-06-10T12:00:00.000Z');
    const settable = RETENTION_RULES.filter((r) => r.settable).map((r) => r.kind);
    expect(settable).toEqual(['enquiries', 'inactive_accounts']);
    for (const kind of settable) {
      const days = retentionRule(kind).keepDays;
      expect(days).toBeGreaterThanOrEqual(RETENTION_SETTABLE.minDays);
      expect(days).toBeLessThanOrEqual(RETENTION_SETTABLE.maxDays);
    }
  });

  it('keeps processing logs at least the year Rule 6 asks for', () => {
    expect(retentionRule('processing_logs').keepDays).toBeGreaterThanOrEqual(365);
  });
});
