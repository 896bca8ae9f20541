import { describe, expect, it } from 'vitest';
import { breachReportDueAt, draftBreachNotices, type BreachShop } from './breach-notices.ts';

const shop: BreachShop = {
  name: 'Urban Roll',
  legalName: 'Urban Roll Sports LLP',
  email: 'hello@urbanroll.example',
  phone: '9876543210',
  contactName: 'Meera Shah',
  contactEmail: 'privacy@urbanroll.example',
  contactPhone: '9820012345',
};
const breach = {
  description: 'A staff laptop with an export of orders was stolen in Bandra.',
  occurredAt: '2026-12-06T18:30:00.000Z',
  foundAt: '2026-12-07T04:00:00.000Z',
  dataKinds: ['names', 'phones', 'passwords'] as const,
  peopleAffected: 412,
  measures: 'Sessions ended, passwords reset, police complaint filed.',
};

describe('breach notices (DPDP Rules 2025, rule 7)', () => {
  it('puts the Board report 72 hours after the shop found out', () => {
    expect(breachReportDueAt('2026-12-07T04:00:00.000Z')).toBe('2026-12-10T04:00:00.000Z');
  });

  it("tells a shopper what happened, when in India's time, which data, what was done, what to do and whom to ask", () => {
    const { shopperNotice, boardReportDueAt } = draftBreachNotices(breach, shop);
    expect(boardReportDueAt).toBe('2026-12-10T04:00:00.000Z');
    expect(shopperNotice.subject).toBe('Important: a data breach at Urban Roll');
    const text = shopperNotice.text;
    expect(text).toContain('What happened: A staff laptop with an export of orders was stolen');
    expect(text).toContain('When: 7 Dec 2026, 00:00 IST (we found out on 7 Dec 2026, 09:30 IST).');
    expect(text).toContain('Which of your data: Names, Mobile numbers, Passwords (hashed).');
    expect(text).toContain('What we have done: Sessions ended, passwords reset');
    expect(text).toContain('we never ask for an OTP');
    expect(text).toContain('Change your password');
    expect(text).not.toContain('Aadhaar');
    expect(text).toContain('Questions: Meera Shah, privacy@urbanroll.example, 9820012345.');
    expect(text).toContain('Data Protection Board');
  });

  it("drafts the Board's report with the count and marks what only the shop can fill in", () => {
    const { boardReport } = draftBreachNotices(breach, shop);
    expect(boardReport.text).toContain(
      'Data Fiduciary: Urban Roll Sports LLP (trading as Urban Roll)',
    );
    expect(boardReport.text).toContain('Data Principals affected (estimated): 412.');
    expect(boardReport.text).toContain(
      '4. Findings on the person who caused the breach: [Fill in]',
    );
  });

  it('says "not yet known" for an unknown time and data, and falls back to the shop\'s own contact', () => {
    const { shopperNotice } = draftBreachNotices(
      { ...breach, occurredAt: null, dataKinds: [], measures: '' },
      { ...shop, contactName: '', contactEmail: '', contactPhone: '' },
    );
    expect(shopperNotice.text).toContain('When: not yet known');
    expect(shopperNotice.text).toContain('Which of your data: not yet known.');
    expect(shopperNotice.text).toContain('We are investigating and will write again.');
    expect(shopperNotice.text).toContain(
      'Questions: Urban Roll, hello@urbanroll.example, 9876543210.',
    );
  });
});
