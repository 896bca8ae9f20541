import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { redacted } from './audit-service.ts';

describe('redacted', () => {
  it('replaces each string in any case, at any depth, in values only; answers the value itself when nothing matched', () => {
    const value = {
      email: 'Asha.Rao@Example.com',
      note: 'Asha rang from 9820012345 (asha.rao@example.com)',
      lines: [{ user_name: 'Asha Rao', city: 'Mumbai' }],
      amount: 1200,
      'Asha Rao': 'a key is not a value',
    };
    expect(redacted(value, ['asha.rao@example.com', '9820012345', 'Asha Rao', 'x', ''])).toEqual({
      email: '[erased]',
      note: 'Asha rang from [erased] ([erased])',
      lines: [{ user_name: '[erased]', city: 'Mumbai' }],
      amount: 1200,
      'Asha Rao': 'a key is not a value',
    });
    expect(redacted(value, ['Ravi'])).toBe(value);
    expect(redacted(null, ['Asha'])).toBe(null);
    expect(redacted({ s: 'a.b*c' }, ['a.b*c'])).toEqual({ s: '[erased]' });
    expect(redacted({ s: 'axbyc' }, ['a.b*c'])).toEqual({ s: 'axbyc' });
  });
});

describe.each(testDatabaseTargets())(
  "redacting a person's details from the audit log on $name",
  (target) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    it('erases the strings from the entries of the entities in the store, keeping the rows, once', async () => {
      const orderId = randomUUID();
      const item = `admission:${randomUUID()}`;
      const entry = (storeId: string, entityId: string, after: unknown) => ({
        storeId,
        action: 'order.move',
        entity: 'order',
        entityId,
        before: { status: 'Pending' },
        after,
      });
      const [mine, note, plain, otherStore, otherEntity] = await t.database.db
        .insert(auditLog)
        .values([
          entry('urbanroll', orderId, { status: 'Cancelled', note: 'Asha asked, 9820012345' }),
          entry('urbanroll', item, { text: 'Called asha@example.com' }),
          entry('urbanroll', orderId, { status: 'Delivered' }),
          entry('threadline', orderId, { note: 'Asha asked' }),
          entry('urbanroll', randomUUID(), { note: 'Asha asked' }),
        ])
        .returning();
      const strings = ['Asha', '9820012345', 'asha@example.com'];
      const redact = () => t.services.audit.redact('urbanroll', [orderId, item], strings);

      expect(await redact()).toEqual([{ table: 'audit_log', erased: 0, anonymised: 2, kept: 1 }]);
      const row = async (id: string) =>
        (await t.database.db.select().from(auditLog).where(eq(auditLog.id, id)))[0]!;
      expect((await row(mine!.id)).after).toEqual({
        status: 'Cancelled',
        note: '[erased] asked, [erased]',
      });
      expect((await row(note!.id)).after).toEqual({ text: 'Called [erased]' });
      expect(await row(plain!.id)).toEqual(plain);
      expect(await row(otherStore!.id)).toEqual(otherStore);
      expect(await row(otherEntity!.id)).toEqual(otherEntity);

      expect(await redact()).toEqual([{ table: 'audit_log', erased: 0, anonymised: 0, kept: 3 }]);
      expect(await t.services.audit.redact('urbanroll', [], strings)).toEqual([
        { table: 'audit_log', erased: 0, anonymised: 0, kept: 0 },
      ]);
    });
  },
);
