import { describe, expect, it } from 'vitest';
import { shopModules } from './app.ts';
import { buildOrder, buildShopModules, shopModule } from './module-definition.ts';
import type { OrderMoved } from './modules/orders/order-move.ts';
import type { Tx } from './modules/orders/orders-repository.ts';
import { inventory } from './modules/inventory/index.ts';
import { orders } from './modules/orders/index.ts';
import { payments } from './modules/payments/index.ts';
import type { ShopContext } from './shop-context.ts';

// The mechanics alone: these modules use nothing of the shared infrastructure.
const shared = {} as ShopContext;
const tx = {} as Tx;
const moved: OrderMoved = {
  orderId: 'o1',
  storeId: 's1',
  from: 'Processing',
  to: 'Shipped',
  at: new Date(0),
};

const counter = shopModule({
  name: 'counter',
  provides: { counter: true },
  needs: {},
  build: () => ({ counter: { next: 1 } }),
});
const reader = shopModule({
  name: 'reader',
  provides: { reader: true },
  needs: { counter: true },
  build: (_context, { counter: c }: { counter: { next: number } }) => ({
    reader: { read: () => c.next },
  }),
});

describe('shop modules', () => {
  it('builds the shop’s own list each module after those it needs', () => {
    const order = buildOrder(shopModules);
    expect(order).toHaveLength(shopModules.length);
    expect(order.indexOf(payments)).toBeLessThan(order.indexOf(inventory));
    expect(order.indexOf(inventory)).toBeLessThan(order.indexOf(orders));
  });

  it('refuses, before building anything, modules needing each other, naming them', () => {
    const a = shopModule({
      name: 'a',
      provides: { x: true },
      needs: { y: true },
      build: (_context, _needs: { y: number }) => ({ x: 1 }),
    });
    const b = shopModule({
      name: 'b',
      provides: { y: true },
      needs: { x: true },
      build: (_context, _needs: { x: number }) => ({ y: 2 }),
    });
    expect(() => buildOrder([counter, a, b])).toThrow(
      'modules need each other: "a" needs "y" of "b", "b" needs "x" of "a"',
    );
  });

  it('refuses a need no module provides, a name provided twice, a handled event nobody emits', () => {
    expect(() => buildOrder([reader])).toThrow(
      'module "reader" needs "counter", which no module provides',
    );
    expect(() => buildOrder([counter, { ...counter, name: 'again' }])).toThrow(
      'modules "counter" and "again" both provide "counter"',
    );
    const listener = shopModule({
      name: 'listener',
      provides: {},
      needs: {},
      build: () => ({}),
      on: { orderMoved: () => Promise.resolve() },
    });
    expect(() => buildOrder([listener])).toThrow(
      'module "listener" handles "orderMoved", which no module emits',
    );
  });

  it('refuses, when type-checked, a list where a need has another type than its provider’s', () => {
    const wrong = shopModule({
      name: 'wrong',
      provides: {},
      needs: { counter: true },
      build: (_context, _needs: { counter: string }) => ({}),
    });
    // Only type-checked (tsc): the error names the module, `unmetNeedsOf: "wrong"`.
    // @ts-expect-error -- counter provides { next: number }, not a string
    const typeCheckedOnly = () => buildShopModules([counter, wrong], shared);
    expect(typeCheckedOnly).toBeTypeOf('function');
  });

  it('builds a module after those it needs, whatever the list’s order, and names every service', async () => {
    const built = await buildShopModules([reader, counter], shared);
    expect(built.services.reader.read()).toBe(1);
    expect(built.services.counter).toEqual({ next: 1 });
  });

  it('runs the handlers of an event where it is emitted, in list order, with its tx; a failure reaches the emitter', async () => {
    const calls: string[] = [];
    const mover = shopModule({
      name: 'mover',
      provides: { mover: true },
      needs: {},
      emits: ['orderMoved'],
      build: ({ emit }) => ({
        mover: {
          async move() {
            calls.push('move');
            await emit('orderMoved', tx, moved);
            calls.push('moved');
          },
        },
      }),
    });
    const handler = (name: string, fail = false) =>
      shopModule({
        name,
        provides: {},
        needs: {},
        build: () => ({}),
        on: {
          async orderMoved(_built, given, what) {
            expect(given).toBe(tx);
            expect(what).toBe(moved);
            await Promise.resolve();
            calls.push(name);
            if (fail) throw new Error(`${name} failed`);
          },
        },
      });
    const ok = await buildShopModules([mover, handler('first'), handler('second')], shared);
    await ok.services.mover.move();
    expect(calls).toEqual(['move', 'first', 'second', 'moved']);

    calls.length = 0;
    const failing = await buildShopModules(
      [mover, handler('first', true), handler('second')],
      shared,
    );
    await expect(failing.services.mover.move()).rejects.toThrow('first failed');
    expect(calls).toEqual(['move', 'first']);
  });

  it('refuses an event the module did not declare it emits', async () => {
    const quiet = shopModule({
      name: 'quiet',
      provides: { quiet: true },
      needs: {},
      build: ({ emit }) => ({ quiet: { tell: () => emit('orderMoved', tx, moved) } }),
    });
    const built = await buildShopModules([quiet], shared);
    await expect(built.services.quiet.tell()).rejects.toThrow(
      'module "quiet" emits "orderMoved" without declaring it in its emits',
    );
  });
});
