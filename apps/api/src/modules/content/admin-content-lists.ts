import type { AdminCategory, CategoryPatch, NewArrivalPatch, SliderPatch } from '@shop/contracts';
import { categoryKeyProblem, reorderProblem } from '@shop/domain';
import type { Transaction } from '@shop/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import type {
  AdminContentRepository,
  ContentKind,
  InsertOf,
  RowOf,
} from './admin-content-repository.ts';
import {
  columnsOf,
  NAMES,
  toDtos,
  type CreateOf,
  type DtoOf,
  type PatchOf,
} from './admin-content-rows.ts';

export const LIST_CHANGED =
  'This list was changed meanwhile (in another window or by someone else). It now shows the order as it is; make your change again.';

/**
 * The storefront's ordered lists in the admin: categories, new-arrival groups, sliders, offers
 * and marquee texts (list, create, patch, delete, reorder). Each write is one transaction with
 * its audit entry; the products a list names are checked through the products service.
 */
export class ContentListsService {
  constructor(
    private readonly repo: AdminContentRepository,
    private readonly audit: AuditService,
    private readonly products: ProductsService,
  ) {}

  async list<K extends ContentKind>(kind: K, storeId: string): Promise<DtoOf[K][]> {
    const rows = await this.repo.list(kind, storeId);
    return this.toDtos(kind, rows);
  }

  async create<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    body: CreateOf[K],
  ): Promise<DtoOf[K]> {
    await this.checkProducts(actor.storeId, kind, body);
    return this.repo.transaction(async (tx) => {
      await this.checkKey(tx, actor.storeId, kind, body);
      const row = await this.repo.insert(
        tx,
        kind,
        actor.storeId,
        columnsOf(kind, body as PatchOf[K]) as InsertOf<K>,
      );
      await this.afterWrite(tx, kind, row.id, body);
      const after = await this.mustFind(tx, actor.storeId, kind, row.id);
      await this.record(tx, actor, kind, 'create', row.id, null, after);
      return after;
    });
  }

  async update<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    id: string,
    patch: PatchOf[K],
  ): Promise<DtoOf[K]> {
    // Products are another module's: asked before the transaction (PGlite has one connection).
    const seen = await this.checkProducts(actor.storeId, kind, patch, id);
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, kind, id, true);
      sameAsSeen(kind, seen, before);
      await this.checkKey(tx, actor.storeId, kind, patch, before);
      await this.repo.update(tx, kind, id, columnsOf(kind, patch));
      await this.afterWrite(tx, kind, id, patch);
      const after = await this.mustFind(tx, actor.storeId, kind, id);
      await this.record(tx, actor, kind, 'update', id, before, after);
      return after;
    });
  }

  async remove(actor: AuditActor, kind: ContentKind, id: string): Promise<void> {
    const seen = kind === 'categories' ? await this.mustFindNow(actor.storeId, kind, id) : null;
    if (seen) {
      const key = seen.category;
      const used = await this.productsIn(actor.storeId, key);
      if (used > 0) {
        throw new Conflict(
          `${String(used)} product${used === 1 ? '' : 's'} use the category ${key}: move them to another category first, or set the category Inactive to hide it.`,
          'category',
        );
      }
    }
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, kind, id, true);
      sameAsSeen(kind, seen, before);
      await this.repo.delete(tx, kind, id);
      await this.record(tx, actor, kind, 'delete', id, before, null);
    });
  }

  /**
   * Puts a list in the order of `ids`. With `was` (the order the admin's screen showed), a list
   * changed since by someone else is refused (409) instead of overwritten with a stale order.
   */
  reorder<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    ids: string[],
    was?: string[],
  ): Promise<DtoOf[K][]> {
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.lockIds(tx, kind, actor.storeId);
      if (was && (was.length !== current.length || was.some((id, i) => id !== current[i]))) {
        throw new Conflict(LIST_CHANGED, 'ids');
      }
      const problem = reorderProblem(current, ids);
      if (problem) throw new BadRequest(problem, 'ids');
      await this.repo.setPositions(tx, kind, ids);
      await this.audit.record(tx, actor, {
        action: `${NAMES[kind].entity}.reorder`,
        entity: NAMES[kind].entity,
        entityId: actor.storeId,
        before: { ids: current },
        after: { ids },
      });
      return this.toDtos(kind, await this.repo.list(kind, actor.storeId, tx), tx);
    });
  }

  /** How many products of the store carry the category key (any status). */
  private async productsIn(storeId: string, key: string): Promise<number> {
    const { total } = await this.products.list(storeId, {
      category: key,
      sort: 'updated',
      order: 'desc',
      page: 1,
      limit: 1,
    });
    return total;
  }

  /**
   * The checks that ask the products service, before the write's transaction: the products
   * named are the store's, and a category whose key changes is used by none. Answers the item
   * as it was read (null for a create), which the transaction checks is unchanged.
   */
  private async checkProducts<K extends ContentKind>(
    storeId: string,
    kind: K,
    b: PatchOf[K],
    id?: string,
  ): Promise<DtoOf[K] | null> {
    const old = id === undefined ? null : await this.mustFindNow(storeId, kind, id);
    if (kind === 'categories') {
      const c = b as CategoryPatch;
      const was = old as AdminCategory | null;
      if (
        was &&
        c.category !== undefined &&
        c.category.toLowerCase() !== was.category.toLowerCase()
      ) {
        const used = await this.productsIn(storeId, was.category);
        if (used > 0) {
          throw new Conflict(
            `${String(used)} product${used === 1 ? '' : 's'} use the category ${was.category}: its key cannot change while they do.`,
            'category',
          );
        }
      }
    } else if (kind === 'new-arrivals') {
      const ids = (b as NewArrivalPatch).product_ids ?? [];
      for (const [i, pid] of ids.entries()) {
        await this.mustBeProduct(storeId, pid, `product_ids.${String(i)}`);
      }
    } else if (kind === 'sliders') {
      const pid = (b as SliderPatch).product_id;
      if (pid) await this.mustBeProduct(storeId, pid, 'product_id');
    }
    return old;
  }

  /**
   * A new or changed category key is lower-case words and hyphens (`categoryKeyProblem`; a
   * stored key of an older shape is kept as it is) and no other category of the store has it
   * (any case).
   */
  private async checkKey<K extends ContentKind>(
    tx: Transaction,
    storeId: string,
    kind: K,
    b: PatchOf[K],
    before?: DtoOf[K],
  ): Promise<void> {
    if (kind !== 'categories') return;
    const c = b as CategoryPatch;
    const old = before as AdminCategory | undefined;
    if (c.category === undefined || c.category === old?.category) return;
    const shape = categoryKeyProblem(c.category);
    if (shape) throw new BadRequest(shape, 'category');
    if (c.category.toLowerCase() === old?.category.toLowerCase()) return;
    if (await this.repo.categoryByKey(tx, storeId, c.category, old?.id)) {
      throw new Conflict(`Another category already has the key ${c.category}.`, 'category');
    }
  }

  private async mustFindNow<K extends ContentKind>(
    storeId: string,
    kind: K,
    id: string,
  ): Promise<DtoOf[K]> {
    const row = await this.repo.find(undefined, kind, storeId, id);
    if (!row) throw new NotFound(`No such ${NAMES[kind].one} in your store.`, 'id');
    const [dto] = await this.toDtos(kind, [row]);
    return dto!;
  }

  private async mustBeProduct(storeId: string, id: string, field: string): Promise<void> {
    try {
      await this.products.get(storeId, id);
    } catch (err) {
      if (err instanceof NotFound) throw new BadRequest('No such product in your store.', field);
      throw err;
    }
  }

  private async afterWrite<K extends ContentKind>(
    tx: Transaction,
    kind: K,
    id: string,
    b: PatchOf[K],
  ): Promise<void> {
    const ids = kind === 'new-arrivals' ? (b as NewArrivalPatch).product_ids : undefined;
    if (ids !== undefined) await this.repo.setGroupProducts(tx, id, ids);
  }

  private async mustFind<K extends ContentKind>(
    tx: Transaction,
    storeId: string,
    kind: K,
    id: string,
    lock = false,
  ): Promise<DtoOf[K]> {
    const row = await this.repo.find(tx, kind, storeId, id, lock);
    if (!row) throw new NotFound(`No such ${NAMES[kind].one} in your store.`, 'id');
    const [dto] = await this.toDtos(kind, [row], tx);
    return dto!;
  }

  private record(
    tx: Transaction,
    actor: AuditActor,
    kind: ContentKind,
    verb: 'create' | 'update' | 'delete',
    id: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const { entity } = NAMES[kind];
    return this.audit.record(tx, actor, {
      action: `${entity}.${verb}`,
      entity,
      entityId: id,
      before,
      after,
    });
  }

  /** The answers of `rows`, with each new-arrival group's products read in one statement. */
  private async toDtos<K extends ContentKind>(
    kind: K,
    rows: RowOf<K>[],
    tx?: Transaction,
  ): Promise<DtoOf[K][]> {
    const links =
      kind === 'new-arrivals'
        ? await this.repo.groupProducts(
            (rows as RowOf<'new-arrivals'>[]).map((g) => g.id),
            tx,
          )
        : [];
    return toDtos(kind, rows, links);
  }
}

/**
 * A category's key read before the transaction (and checked against the products) must be the
 * key the transaction locked: another write changed it meanwhile otherwise.
 */
function sameAsSeen(kind: ContentKind, seen: unknown, locked: unknown): void {
  if (kind !== 'categories' || seen === null) return;
  if ((seen as AdminCategory).category !== (locked as AdminCategory).category) {
    throw new Conflict('The category changed meanwhile: reload it and try again.', 'category');
  }
}
