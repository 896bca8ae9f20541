import type { FastifyInstance } from 'fastify';
import type { ShopContext } from './shop-context.ts';
import type { OrderMoved } from './modules/orders/order-move.ts';
import type { OrderRow, Tx } from './modules/orders/orders-repository.ts';

/**
 * The in-process events one module tells the others, each with what its handlers are given.
 * A handler is awaited where the event is emitted, handlers in the order of the module list;
 * a handler's error reaches the emitter.
 */
export interface ShopEvents {
  /**
   * An order moved to another status (fulfilment), inside the move's transaction, after the
   * order row is updated and its timeline row written: what a handler writes with `tx` commits
   * with the move, and its error undoes the move.
   */
  orderMoved: [tx: Tx, moved: OrderMoved];
  /**
   * A payment confirmed an order (after its transaction, which owed the order's emails): its
   * cart is emptied and its emails sent.
   */
  orderConfirmed: [order: OrderRow];
  /**
   * A shopper withdrew the push consent (privacy's consents, issue 61 item 2): accounts removes
   * the account's push devices at once. Its error reaches the withdrawal.
   */
  pushConsentWithdrawn: [storeId: string, userId: string];
}
export type ShopEventName = keyof ShopEvents;

/** Tells every module handling `event` (in the order of the module list), awaiting each. */
export type EmitShopEvent = <E extends ShopEventName>(
  event: E,
  ...args: ShopEvents[E]
) => Promise<void>;

/** A module's handlers of events, each given what the module built and what the event tells. */
export type ShopEventHandlers<Provides> = {
  // (Method form: a module's own `Provides` still fits the list's `ShopModule`.)
  [E in ShopEventName]?: {
    handle(built: Provides, ...args: ShopEvents[E]): Promise<void>;
  }['handle'];
};

/** What a module is given to build itself: the shared infrastructure and `emit`. */
export interface ModuleContext extends ShopContext {
  /** Tells the modules handling an event; only the events the module declares in `emits`. */
  emit: EmitShopEvent;
}

/** A set of names, written `{ name: true, … }` (the type checks it is exactly the keys of T). */
export type NamesOf<T> = { readonly [K in keyof T]-?: true };

/**
 * One module of the shop, declared by its `modules/<m>/index.ts` and registered by `app.ts` in
 * the ordered list `shopModules`:
 * - `provides`: the services it builds (their names in `Services`), made by `build`;
 * - `needs`: the services of other modules it is built on (built first, whatever their place in
 *   the list; a need nobody provides, or modules needing each other, stop the start naming them);
 * - `register`: its routes under /api and its lifecycle hooks (what it does when the server is
 *   ready and when it closes), in its own Fastify scope, given its services and its needs;
 * - `emits` / `on`: the events it tells, and its handlers of events other modules tell.
 */
export interface ShopModule<Provides extends object = object, Needs extends object = object> {
  name: string;
  provides: NamesOf<Provides>;
  needs: NamesOf<Needs>;
  build(context: ModuleContext, needs: Needs): Provides | Promise<Provides>;
  register?(app: FastifyInstance, services: Provides & Needs, context: ModuleContext): void;
  emits?: readonly ShopEventName[];
  on?: ShopEventHandlers<Provides>;
}

/** Declares a module, its types inferred from `build` (see `ShopModule`). */
export function shopModule<
  const Name extends string,
  Provides extends object,
  Needs extends object = object,
>(
  definition: ShopModule<Provides, Needs> & { name: Name },
): ShopModule<Provides, Needs> & { name: Name } {
  return definition;
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every service the modules of a list provide, by name. */
export type ProvidedBy<L extends readonly ShopModule[]> = Intersection<
  L[number] extends infer M
    ? M extends { build(context: ModuleContext, needs: never): infer R }
      ? Awaited<R>
      : never
    : never
>;

/**
 * The names of the modules of L whose needs the list's services do not meet, types included
 * (a need of the wrong type, or one no module provides); `never` when all are met.
 */
export type UnmetNeeds<L extends readonly ShopModule[]> = {
  [I in keyof L]: L[I] extends {
    name: infer Name;
    build(context: ModuleContext, needs: infer N): unknown;
  }
    ? ProvidedBy<L> extends N
      ? never
      : Name
    : never;
}[number];

/** A list whose needs are all met; else a type error naming the modules (`unmetNeedsOf`). */
export type NeedsMet<L extends readonly ShopModule[]> = [UnmetNeeds<L>] extends [never]
  ? unknown
  : { unmetNeedsOf: UnmetNeeds<L> };

/**
 * The order to build a module list in: each module once all it needs is built, the first of the
 * list that can be next. Checked before anything is built: a need no module provides, a name
 * provided twice, modules needing each other (directly or around a loop) and a handled event
 * nobody emits each throw, naming the modules concerned.
 */
export function buildOrder(modules: readonly ShopModule[]): ShopModule[] {
  const providerOf = new Map<string, ShopModule>();
  for (const m of modules) {
    for (const name of Object.keys(m.provides)) {
      const other = providerOf.get(name);
      if (other !== undefined) {
        throw new Error(`modules "${other.name}" and "${m.name}" both provide "${name}"`);
      }
      providerOf.set(name, m);
    }
  }
  for (const m of modules) {
    for (const need of Object.keys(m.needs)) {
      if (!providerOf.has(need)) {
        throw new Error(`module "${m.name}" needs "${need}", which no module provides`);
      }
    }
  }
  const emitted = new Set(modules.flatMap((m) => m.emits ?? []));
  for (const m of modules) {
    for (const event of Object.keys(m.on ?? {})) {
      if (!emitted.has(event as ShopEventName)) {
        throw new Error(`module "${m.name}" handles "${event}", which no module emits`);
      }
    }
  }
  const order: ShopModule[] = [];
  const built = new Set<ShopModule>();
  const ready = (m: ShopModule) =>
    Object.keys(m.needs).every((need) => built.has(providerOf.get(need)!));
  while (order.length < modules.length) {
    const next = modules.find((m) => !built.has(m) && ready(m));
    if (next === undefined) throw new Error(needLoop(modules, built, providerOf));
    order.push(next);
    built.add(next);
  }
  return order;
}

/** Names a loop of needs among the modules not built: `a needs x of b, b needs y of a`. */
function needLoop(
  modules: readonly ShopModule[],
  built: ReadonlySet<ShopModule>,
  providerOf: ReadonlyMap<string, ShopModule>,
): string {
  const path: string[] = [];
  const seen: ShopModule[] = [];
  let m = modules.find((candidate) => !built.has(candidate))!;
  while (!seen.includes(m)) {
    seen.push(m);
    const need = Object.keys(m.needs).find((n) => !built.has(providerOf.get(n)!))!;
    const provider = providerOf.get(need)!;
    path.push(`"${m.name}" needs "${need}" of "${provider.name}"`);
    m = provider;
  }
  return `modules need each other: ${path.slice(seen.indexOf(m)).join(', ')}`;
}

/** The modules built: every service by name, and their routes and hooks to register. */
export interface BuiltModules<Services> {
  services: Services;
  /** Registers each module's routes and hooks under /api, in the list's order. */
  register(app: FastifyInstance): Promise<void>;
}

/**
 * Builds the modules of `modules`, each after the ones it needs (`buildOrder`), given the
 * services it needs, and wires the events: `emit` calls the handlers of every module, in list
 * order. Their routes and hooks are registered in list order.
 */
export async function buildShopModules<const L extends readonly ShopModule[]>(
  modules: L & NeedsMet<L>,
  shared: ShopContext,
): Promise<BuiltModules<ProvidedBy<L>>> {
  const order = buildOrder(modules);
  const handlers = new Map<ShopEventName, ((...args: never[]) => Promise<void>)[]>();
  const services: Record<string, unknown> = {};
  const builtOf = new Map<
    ShopModule,
    { module: ShopModule; context: ModuleContext; needs: object; provided: object }
  >();
  for (const m of order) {
    const emits = new Set(m.emits ?? []);
    const emit: EmitShopEvent = async (event, ...args) => {
      if (!emits.has(event))
        throw new Error(`module "${m.name}" emits "${event}" without declaring it in its emits`);
      for (const handle of handlers.get(event) ?? [])
        await handle(...(args as unknown[] as never[]));
    };
    const context: ModuleContext = { ...shared, emit };
    const needs = Object.fromEntries(Object.keys(m.needs).map((name) => [name, services[name]]));
    const provided = await m.build(context, needs);
    Object.assign(services, provided);
    builtOf.set(m, { module: m, context, needs, provided });
  }
  // Handlers and routes in the list's order.
  const built = modules.map((m) => builtOf.get(m)!);
  for (const { module, provided } of built) {
    for (const [event, handle] of Object.entries(module.on ?? {})) {
      const list = handlers.get(event as ShopEventName) ?? [];
      list.push((...args: never[]) => handle(provided, ...args));
      handlers.set(event as ShopEventName, list);
    }
  }
  return {
    services: services as ProvidedBy<L>,
    async register(app) {
      for (const { module, context, needs, provided } of built) {
        if (!module.register) continue;
        await app.register(
          (scope, _options, done) => {
            module.register?.(scope, { ...needs, ...provided }, context);
            done();
          },
          { prefix: '/api' },
        );
      }
    },
  };
}
