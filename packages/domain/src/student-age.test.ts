import { describe, expect, it } from 'vitest';
import { ageOn, indiaDay, needsParentConsent } from './student-age.ts';

describe('ageOn', () => {
  it('counts completed years, a birthday on its day', () => {
    expect(ageOn('2008-12-07', '2026-12-07')).toBe(18);
    expect(ageOn('2008-12-08', '2026-12-07')).toBe(17);
    expect(ageOn('2008-11-30', '2026-12-07')).toBe(18);
    expect(ageOn('2026-12-07', '2026-12-07')).toBe(0);
  });
  it('takes a 29 February birthday on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
  it('answers null for a day that is not real, or a birth after today', () => {
    expect(ageOn('2010-02-30', '2026-12-07')).toBeNull();
    expect(ageOn('', '2026-12-07')).toBeNull();
    expect(ageOn('07-12-2010', '2026-12-07')).toBeNull();
    expect(ageOn('2027-01-01', '2026-12-07')).toBeNull();
  });
});

describe('needsParentConsent', () => {
  it('is needed under 18 and not from the 18th birthday', () => {
    expect(needsParentConsent('2015-04-12', '2026-12-07')).toBe(true);
    expect(needsParentConsent('2008-12-08', '2026-12-07')).toBe(true);
    expect(needsParentConsent('2008-12-07', '2026-12-07')).toBe(false);
    expect(needsParentConsent('1990-01-01', '2026-12-07')).toBe(false);
  });
  it('is needed when the age cannot be told', () => {
    expect(needsParentConsent('', '2026-12-07')).toBe(true);
    expect(needsParentConsent('2010-13-01', '2026-12-07')).toBe(true);
  });
});

describe('indiaDay', () => {
  it("is India's day, which starts at 18:30 UTC", () => {
    expect(indiaDay(new Date('2026-12-07T18:29:59Z'))).toBe('2026-12-07');
    expect(indiaDay(new Date('2026-12-07T18:30:00Z'))).toBe('2026-12-08');
  });
});
