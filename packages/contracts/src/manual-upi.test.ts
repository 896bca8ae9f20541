import { UPI_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { MANUAL_UPI_MESSAGES, submitUtrRequestSchema, upiSettingsSchema } from './manual-upi.ts';

const issue = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('upiSettingsSchema', () => {
  it('keeps a UPI ID in lower case and trims the payee', () => {
    expect(
      upiSettingsSchema.parse({ upi_id: ' Shop@OkAxis ', payee_name: ' Ravi ', enabled: true }),
    ).toEqual({ upi_id: 'shop@okaxis', payee_name: 'Ravi', enabled: true });
  });
  it('names upi_id when it is not name@bank', () => {
    expect(
      issue(upiSettingsSchema.safeParse({ upi_id: 'shop@', payee_name: 'R', enabled: false })),
    ).toEqual([['upi_id', UPI_MESSAGES.upiIdInvalid]]);
  });
  it('needs both the UPI ID and the payee to turn it on, not to turn it off', () => {
    expect(
      issue(upiSettingsSchema.safeParse({ upi_id: '', payee_name: '', enabled: true })),
    ).toEqual([
      ['upi_id', MANUAL_UPI_MESSAGES.needsUpiId],
      ['payee_name', MANUAL_UPI_MESSAGES.needsPayee],
    ]);
    expect(
      upiSettingsSchema.safeParse({ upi_id: '', payee_name: '', enabled: false }).success,
    ).toBe(true);
  });
});

describe('submitUtrRequestSchema', () => {
  it('takes 12 digits, spaces removed', () => {
    expect(submitUtrRequestSchema.parse({ utr: '4123 4567 8901' })).toEqual({
      utr: '412345678901',
    });
  });
  it('names utr otherwise', () => {
    expect(issue(submitUtrRequestSchema.safeParse({ utr: '12345' }))).toEqual([
      ['utr', UPI_MESSAGES.utrInvalid],
    ]);
  });
});
