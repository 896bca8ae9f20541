import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { client } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createStoreOwner, demoOwnerEmail, writeDemoOwnerLogins } from './owner-bootstrap.ts';

describe.each(testDatabaseTargets())('owner bootstrap on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const adminLogin = (store: string, email: string, password: string) =>
    client(t).post<AdminSession>('/api/admin/login', { main_id: store, email, password });

  it('writes a generated owner login per demo store without an owner, once, mode 0600', async () => {
    const secrets = path.join(t.dataDir, 'secrets');
    const written = await writeDemoOwnerLogins(
      t.services.accounts,
      ['urbanroll', 'threadline'],
      secrets,
      'http://shop.test/admin',
    );
    expect(written.map((w) => w.storeId)).toEqual(['urbanroll', 'threadline']);
    for (const { storeId, file } of written) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      const password = /Password: (\S+)/.exec(text)![1]!;
      expect(text).toContain(demoOwnerEmail(storeId));
      const res = await adminLogin(storeId, demoOwnerEmail(storeId), password);
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe('owner');
    }
    // The next start: the stores have owners; nothing is written, the files stay as they were.
    const before = readFileSync(written[0]!.file, 'utf8');
    expect(
      await writeDemoOwnerLogins(t.services.accounts, ['urbanroll'], secrets, 'http://x/admin'),
    ).toEqual([]);
    expect(readFileSync(written[0]!.file, 'utf8')).toBe(before);
  });

  it('admin:create makes a missing store and its owner, with a generated or given password', async () => {
    const made = await createStoreOwner(t.services.accounts, {
      storeId: 'chaiwala',
      storeName: 'Chaiwala Stores',
      email: 'Meera@Chaiwala.in',
    });
    expect(made).toMatchObject({ storeCreated: true, outcome: 'created' });
    expect(made.generated).toMatch(/^[\w-]{24}$/);
    expect((await adminLogin('chaiwala', 'meera@chaiwala.in', made.generated!)).status).toBe(200);
    const again = await createStoreOwner(t.services.accounts, {
      storeId: 'chaiwala',
      storeName: 'Other',
      email: 'someone@else.in',
      password: 'given-password-123',
    });
    expect(again).toEqual({ storeCreated: false, outcome: 'exists', generated: null });
    expect((await adminLogin('chaiwala', 'someone@else.in', 'given-password-123')).status).toBe(
      401,
    );

    const given = await createStoreOwner(t.services.accounts, {
      storeId: 'pustak',
      storeName: 'Pustak',
      email: 'owner@pustak.in',
      password: 'given-password-123',
    });
    expect(given).toEqual({ storeCreated: true, outcome: 'created', generated: null });
    expect((await adminLogin('pustak', 'owner@pustak.in', 'given-password-123')).status).toBe(200);
    expect(existsSync(path.join(t.dataDir, 'secrets', 'admin-pustak.txt'))).toBe(false);
  });
});
