import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { refreshTokens, users } from './accounts.ts';
import { products, variations } from './catalogue.ts';
import { inquiries } from './content.ts';
import { stores } from './stores.ts';

describe('catalogue constraints', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = openDatabase({});
    await h.migrate();
    await h.db.insert(stores).values({ id: 's1', name: 'Shop' });
  });
  afterAll(async () => {
    await h.close();
  });

  const product = (sku: string, over: Partial<typeof products.$inferInsert> = {}) => ({
    storeId: 's1',
    title: sku,
    sku,
    category: 't-shirts',
    originalPricePaise: 49900,
    ...over,
  });

  it.each([
    ['a negative price', { originalPricePaise: -1 }],
    ['a negative sale price', { discountPricePaise: -100 }],
    ['negative stock', { stock: -1 }],
    ['negative total stock', { totalStock: -1 }],
  ])('refuses a product with %s', async (_what, over) => {
    await expect(h.db.insert(products).values(product(`BAD-${_what}`, over))).rejects.toThrow();
  });

  it('refuses a second product with the same sku in one store', async () => {
    await h.db.insert(products).values(product('DUP'));
    await expect(h.db.insert(products).values(product('DUP'))).rejects.toThrow();
  });

  it('refuses a variation with negative stock', async () => {
    const [p] = await h.db.insert(products).values(product('VAR')).returning();
    await expect(
      h.db
        .insert(variations)
        .values({ storeId: 's1', productId: p!.id, sku: 'VAR-S', pricePaise: 100, stock: -1 }),
    ).rejects.toThrow();
  });

  it('stamps updated_at on update', async () => {
    const [p] = await h.db.insert(products).values(product('UPD')).returning();
    await new Promise((r) => setTimeout(r, 5));
    const [after] = await h.db
      .update(products)
      .set({ stock: 3 })
      .where(eq(products.id, p!.id))
      .returning();
    expect(after!.updatedAt.getTime()).toBeGreaterThan(p!.updatedAt.getTime());
  });
});

describe('refresh-token constraints', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = openDatabase({});
    await h.migrate();
    await h.db.insert(stores).values({ id: 's1', name: 'Shop' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps a session scope of storefront (the default) or admin, nothing else', async () => {
    const [user] = await h.db
      .insert(users)
      .values({ storeId: 's1', email: 'sam@example.com', fullName: 'Sam', role: 'owner' })
      .returning();
    const token = (hash: string, scope?: string) => ({
      userId: user!.id,
      familyId: randomUUID(),
      tokenHash: hash,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      ...(scope !== undefined && { scope }),
    });
    const [plain] = await h.db.insert(refreshTokens).values(token('a')).returning();
    expect(plain!.scope).toBe('storefront');
    await h.db.insert(refreshTokens).values(token('b', 'admin'));
    await expect(h.db.insert(refreshTokens).values(token('c', 'owner'))).rejects.toThrow();
  });
});

describe('enquiry constraints', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = openDatabase({});
    await h.migrate();
    await h.db.insert(stores).values({ id: 's1', name: 'Shop' });
  });
  afterAll(async () => {
    await h.close();
  });

  const enquiry = (over: Partial<typeof inquiries.$inferInsert>) => ({
    storeId: 's1',
    name: 'Kabir',
    mobile: '9833012345',
    email: 'kabir@example.com',
    ...over,
  });

  it('keeps an age of 0 to 120 years, or none', async () => {
    const [plain] = await h.db.insert(inquiries).values(enquiry({})).returning();
    expect(plain).toMatchObject({ parentName: '', dob: null, age: null });
    await h.db.insert(inquiries).values([enquiry({ age: 0 }), enquiry({ age: 120 })]);
    await expect(h.db.insert(inquiries).values(enquiry({ age: 121 }))).rejects.toThrow();
    await expect(h.db.insert(inquiries).values(enquiry({ age: -1 }))).rejects.toThrow();
  });

  it('keeps a date of birth as YYYY-MM-DD, and refuses a day that does not exist', async () => {
    const [row] = await h.db
      .insert(inquiries)
      .values(enquiry({ dob: '2015-04-12' }))
      .returning();
    expect(row!.dob).toBe('2015-04-12');
    await expect(h.db.insert(inquiries).values(enquiry({ dob: '2019-02-30' }))).rejects.toThrow();
  });
});
