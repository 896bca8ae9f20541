import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { withoutSecrets } from './audit-service.ts';

describe('withoutSecrets', () => {
  it('drops secret keys at any depth and keeps the rest', () => {
    expect(
      withoutSecrets({
        name: 'Urban Roll',
        key_secret: 'rzp_secret',
        nested: [{ passwordHash: 'x', aadhaar_number: '1234', city: 'Mumbai' }],
        at: new Date('2026-11-23T10:00:00Z'),
      }),
    ).toEqual({
      name: 'Urban Roll',
      key_secret: '[redacted]',
      nested: [{ passwordHash: '[redacted]', aadhaar_number: '[redacted]', city: 'Mumbai' }],
      at: '2026-11-23T10:00:00.000Z',
    });
  });
});

describe.each(testDatabaseTargets())('audit log on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('commits an entry with its write and loses it with a rolled-back write', async () => {
    const { audit } = t.services;
    const actor = { storeId: 'urbanroll', userId: null };
    await t.database.db.transaction((tx) =>
      audit.record(tx, actor, {
        action: 'coupon.update',
        entity: 'coupon',
        entityId: 'SAVE10',
        before: { percentage_offer: 10 },
        after: { percentage_offer: 15, key_secret: 'never' },
      }),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit.record(tx, actor, { action: 'coupon.delete', entity: 'coupon', entityId: 'X' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');

    const entries = await audit.list('urbanroll', { limit: 10 });
    expect(entries.map((e) => e.action)).toEqual(['coupon.update']);
    expect(entries[0]).toMatchObject({
      actorEmail: '',
      before: { percentage_offer: 10 },
      after: { percentage_offer: 15, key_secret: '[redacted]' },
    });
    // Another store sees none of it.
    expect(await audit.list('threadline', { limit: 10 })).toEqual([]);
  });
});
