import { and, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { effectivePricePaise } from '@shop/domain';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { PricingRepository } from './pricing-repository.ts';
import { PricingService } from './pricing-service.ts';

const MAIN = 'urbanroll';

describe.each(testDatabaseTargets())('pricing unit on $name', (target) => {
  let t: TestApp;
  let pricing: PricingService;
  let queries = 0;

  beforeAll(async () => {
    t = await startTestApp(target, {
      // (no webhook outbox: its poller's queries would be counted)
      adapters: { paymentWebhooks: null },
      onQuery: () => {
        queries++;
      },
    });
    pricing = new PricingService(new PricingRepository(t.database.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const simple = () =>
    t.database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN),
          eq(products.status, 'Active'),
          eq(products.productType, 'Simple'),
        ),
      )
      .orderBy(products.position);

  it('prices lines with catalogue figures and paise subtotals', async () => {
    const [a, b] = await simple();
    const order = await pricing.price(
      MAIN,
      [
        { productId: a!.id, sku: a!.sku, quantity: 2 },
        { productId: b!.id, sku: b!.sku, quantity: 3 },
      ],
      (i) => `lines.${i}`,
    );
    const unitA = effectivePricePaise(a!.originalPricePaise, a!.discountPricePaise);
    const unitB = effectivePricePaise(b!.originalPricePaise, b!.discountPricePaise);
    expect(order.lines[0]).toMatchObject({
      productId: a!.id,
      sku: a!.sku,
      title: a!.title,
      quantity: 2,
      pricePaise: a!.originalPricePaise,
      unitPaise: unitA,
      subtotalPaise: unitA * 2,
      listSubtotalPaise: a!.originalPricePaise * 2,
      stock: a!.totalStock,
      deliveryDays: a!.deliveryDays,
    });
    expect(order.itemsTotalPaise).toBe(unitA * 2 + unitB * 3);
    expect(order.listTotalPaise).toBe(a!.originalPricePaise * 2 + b!.originalPricePaise * 3);
  });

  it('uses one query for 1 line and for 30', async () => {
    const all = await simple();
    expect(all.length).toBeGreaterThanOrEqual(30);
    const lines = all.slice(0, 30).map((p) => ({ productId: p.id, sku: p.sku, quantity: 1 }));
    queries = 0;
    await pricing.price(MAIN, lines.slice(0, 1), String);
    expect(queries).toBe(1);
    queries = 0;
    expect((await pricing.price(MAIN, lines, String)).lines).toHaveLength(30);
    expect(queries).toBe(1);
  });

  it("prices a variation with the variation's figures", async () => {
    const [row] = await t.database.db
      .select({ product: products, variation: variations })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(
        and(eq(products.storeId, MAIN), eq(products.status, 'Active'), gt(variations.stock, 0)),
      )
      .limit(1);
    const { product, variation } = row!;
    const order = await pricing.price(
      MAIN,
      [{ productId: product.id, sku: variation.sku, quantity: 1 }],
      String,
    );
    expect(order.lines[0]).toMatchObject({
      sku: variation.sku,
      pricePaise: variation.pricePaise,
      stock: variation.stock,
      attributes: variation.attributes,
    });
  });

  it('refuses unknown, inactive or other-store products naming the field, and a bare variable sku', async () => {
    const [a] = await simple();
    await expect(
      pricing.price(MAIN, [{ productId: a!.id, sku: a!.sku, quantity: 1 }], () => 'x'),
    ).resolves.toBeTruthy();
    await expect(
      pricing.price('threadline', [{ productId: a!.id, sku: a!.sku, quantity: 1 }], () => 'x'),
    ).rejects.toMatchObject({ statusCode: 404, field: 'x' });
    const [row] = await t.database.db
      .select({ product: products })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(and(eq(products.storeId, MAIN), ne(products.sku, variations.sku)))
      .limit(1);
    const variable = row!.product;
    await expect(
      pricing.price(MAIN, [{ productId: variable.id, sku: variable.sku, quantity: 1 }], () => 'y'),
    ).rejects.toMatchObject({ statusCode: 400, field: 'y' });

    const [, , inactive] = await simple();
    await t.database.db
      .update(products)
      .set({ status: 'Inactive' })
      .where(eq(products.id, inactive!.id));
    const line = { productId: inactive!.id, sku: inactive!.sku, quantity: 1 };
    await expect(pricing.price(MAIN, [line], () => 'z')).rejects.toMatchObject({
      statusCode: 404,
      field: 'z',
    });
    // A cart still shows it, as the catalogue has it now; a product that is gone is null.
    const current = await pricing.current(MAIN, [
      line,
      { productId: '00000000-0000-4000-8000-000000000000', sku: 'gone', quantity: 1 },
    ]);
    expect(current[0]).toMatchObject({ productId: inactive!.id, active: false, inStock: false });
    expect(current[1]).toBeNull();
  });
});
