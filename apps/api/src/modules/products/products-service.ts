import {
  PRODUCT_DEFAULTS,
  productDraftProblem,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductRow,
  type ProductBulk,
  type ProductCreate,
  type ProductExportQuery,
  type ProductFields,
  type ProductPatch,
  type AuditAction,
} from '@shop/contracts';
import {
  copySku,
  freeSku,
  paiseToRupees,
  rupeesToPaise,
  skuFromTitle,
  stockLevel,
  suggestedGstRate,
  variationSku,
} from '@shop/domain';
import type { Transaction } from '@shop/db';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import {
  NO_SUCH_PRODUCT,
  SKU_TAKEN,
  toAdminProduct,
  toColumns,
  toFields,
} from './product-fields.ts';
import {
  checkImportInputs,
  reportUnknownMembers,
  skuOwnersOf,
  updatedIds,
  type ProductImportInput,
  type ProductImportOutcome,
} from './product-import-check.ts';
import type { ProductsRepository, VariationInsert } from './products-repository.ts';

/** What other modules use of a product's shapes (the CSV export writes its fields). */
export { toFields } from './product-fields.ts';
export type { ProductImportInput, ProductImportOutcome } from './product-import-check.ts';

/**
 * Products in the admin: list, create, edit, duplicate, delete or archive,
 * bulk edit. Each write is one transaction with its audit entry; the catalogue cache triggers
 * make the storefront see it within CATALOGUE_CACHE_CHECK_MS.
 */
export class ProductsService {
  constructor(
    private readonly repo: ProductsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(
    storeId: string,
    q: AdminProductListQuery,
  ): Promise<{ rows: AdminProductRow[]; total: number }> {
    const { rows, total } = await this.repo.list(storeId, q);
    return {
      total,
      rows: rows.map(({ row, variations }) => ({
        product_id: row.id,
        title: row.title,
        sku: row.sku,
        image: row.image,
        product_type: row.productType,
        status: row.status,
        category: row.category,
        originalPrice: paiseToRupees(row.originalPricePaise),
        discountPrice: paiseToRupees(row.discountPricePaise),
        stock: row.totalStock,
        stock_level: stockLevel(row.totalStock),
        variations,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  async get(storeId: string, id: string): Promise<AdminProduct> {
    const found = await this.repo.findNow(storeId, id);
    if (!found) throw new NotFound(NO_SUCH_PRODUCT, 'id');
    return toAdminProduct(found);
  }

  create(actor: AuditActor, body: ProductCreate): Promise<AdminProduct> {
    return this.write(async (tx) => {
      const given = { ...PRODUCT_DEFAULTS, ...body } as ProductFields;
      // No rate given: the one suggested for the category and price (5% for clothing up to
      // ₹2,500 a piece), not 18% for everything.
      if (body.gst_rate === undefined) given.gst_rate = suggestedRate(given);
      const fields = await this.withSkus(tx, actor.storeId, given);
      await this.check(tx, actor.storeId, fields);
      return this.insertNew(tx, actor, fields, 'product.create', null);
    });
  }

  update(actor: AuditActor, id: string, patch: ProductPatch): Promise<AdminProduct> {
    return this.write(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, id, true);
      const fields = await this.withSkus(tx, actor.storeId, {
        ...toFields(before),
        ...patch,
      } as ProductFields);
      await this.check(tx, actor.storeId, fields, id);
      return this.updateChecked(tx, actor, id, fields, before, 'product.update');
    });
  }

  /** Every product the list's filters select (no paging), for the CSV export. */
  async exportAll(storeId: string, q: ProductExportQuery): Promise<AdminProduct[]> {
    return (await this.repo.listFull(storeId, q)).map(toAdminProduct);
  }

  /**
   * Creates or updates many products by sku, all or none, in one transaction (the CSV import).
   * Each input is validated as the API validates a body (`productCreateSchema` for a new sku,
   * `productPatchSchema` merged into the stored product for a known one), then the same checks
   * across fields, skus free in the store and not repeated in the inputs, grouped items of the
   * store. Every input is checked and every problem reported; with any problem, or `dryRun`,
   * nothing is written. Each product written gets its own audit entry (`product.import`).
   */
  importMany(
    actor: AuditActor,
    inputs: readonly ProductImportInput[],
    dryRun: boolean,
  ): Promise<ProductImportOutcome> {
    return this.write(async (tx) => {
      const owners = skuOwnersOf(await this.repo.skuOwners(tx, actor.storeId));
      const ids = updatedIds(inputs, owners);
      if (!dryRun) await this.repo.lockMany(tx, actor.storeId, ids);
      const stored = new Map(
        (await this.repo.findMany(tx, actor.storeId, ids)).map((p) => [p.row.id, p] as const),
      );
      const { outcome, checked, members } = checkImportInputs(inputs, owners, stored);
      const known = await this.repo.existingIds(tx, actor.storeId, [...members]);
      reportUnknownMembers(outcome, checked, known);
      if (outcome.problems.length > 0 || dryRun) return outcome;
      for (const { fields, before } of checked) {
        if (before) {
          await this.updateChecked(tx, actor, before.product_id, fields, before, 'product.import');
        } else {
          await this.insertNew(tx, actor, fields, 'product.import', null);
        }
      }
      outcome.written = true;
      return outcome;
    });
  }

  /** Deletes the product, or archives it when an order names it (the order keeps its link). */
  remove(actor: AuditActor, id: string): Promise<'deleted' | 'archived'> {
    return this.write(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, id, true);
      if (await this.repo.hasOrders(tx, id)) {
        await this.repo.update(tx, id, { status: 'Archived' });
        await this.audit.record(tx, actor, {
          action: 'product.archive',
          entity: 'product',
          entityId: id,
          before: { status: before.status },
          after: { status: 'Archived' },
        });
        return 'archived' as const;
      }
      await this.repo.delete(tx, id);
      await this.audit.record(tx, actor, {
        action: 'product.delete',
        entity: 'product',
        entityId: id,
        before,
      });
      return 'deleted' as const;
    });
  }

  /** A copy with `-copy` skus, Inactive until the shop has edited it, nothing sold. */
  duplicate(actor: AuditActor, id: string): Promise<AdminProduct> {
    return this.write(async (tx) => {
      const source = await this.mustFind(tx, actor.storeId, id);
      const fields = toFields(source);
      const taken = new Set<string>();
      for (const sku of [fields.sku, ...fields.variation.map((v) => v.sku)]) {
        for (const t of await this.repo.skusStartingWith(tx, actor.storeId, `${sku}-copy`)) {
          taken.add(t);
        }
      }
      const fresh = (sku: string) => {
        const next = copySku(sku, (c) => taken.has(c.toLowerCase()));
        taken.add(next.toLowerCase());
        return next;
      };
      const copy: ProductFields = {
        ...fields,
        title: `${fields.title} (copy)`.slice(0, 200),
        sku: fresh(fields.sku),
        status: 'Inactive',
        variation: fields.variation.map((v) => ({ ...v, sku: fresh(v.sku) })),
      };
      return this.insertNew(tx, actor, copy, 'product.duplicate', { source: id });
    });
  }

  /**
   * Sets the price, sale price, stock or status of every product named, all or none. A Variable
   * product's variations take the prices and stock too.
   */
  bulk(actor: AuditActor, body: ProductBulk): Promise<number> {
    const ids = [...new Set(body.ids)];
    return this.write(async (tx) => {
      const locked = await this.repo.lockMany(tx, actor.storeId, ids);
      if (locked.length !== ids.length) {
        throw new NotFound('Some of the products are not in your store.', 'ids');
      }
      for (const id of ids) {
        const before = await this.mustFind(tx, actor.storeId, id);
        const f = toFields(before);
        const price = body.originalPrice ?? f.originalPrice;
        const sale = body.discountPrice ?? f.discountPrice;
        const changed: ProductFields = {
          ...f,
          ...(body.status !== undefined && { status: body.status }),
          originalPrice: price,
          discountPrice: sale,
          ...(body.stock !== undefined && { stock: body.stock }),
          variation: f.variation.map((v) => ({
            ...v,
            price: body.originalPrice ?? v.price,
            salePrice: body.discountPrice ?? v.salePrice,
            stock: body.stock ?? v.stock,
          })),
        };
        const problem = productDraftProblem(changed);
        if (problem) {
          throw new BadRequest(`${before.sku}: ${problem.message}`, problem.field);
        }
        const { product, variations } = toColumns(changed);
        await this.repo.update(tx, id, product);
        if (variations.length > 0) {
          await this.repo.setVariations(tx, actor.storeId, id, variations);
        }
        const after = await this.mustFind(tx, actor.storeId, id);
        await this.audit.record(tx, actor, {
          action: 'product.bulk',
          entity: 'product',
          entityId: id,
          before: pick(before),
          after: pick(after),
        });
      }
      return ids.length;
    });
  }

  /** Writes checked fields over a stored product, with its children and audit entry. */
  private async updateChecked(
    tx: Transaction,
    actor: AuditActor,
    id: string,
    fields: ProductFields,
    before: AdminProduct,
    action: AuditAction,
  ): Promise<AdminProduct> {
    const { product, variations } = toColumns(fields);
    await this.repo.update(tx, id, product);
    await this.saveChildren(tx, actor.storeId, id, variations, fields);
    const after = await this.mustFind(tx, actor.storeId, id);
    await this.audit.record(tx, actor, { action, entity: 'product', entityId: id, before, after });
    return after;
  }

  /** Inserts a checked product last in the listing, with its children and audit entry. */
  private async insertNew(
    tx: Transaction,
    actor: AuditActor,
    fields: ProductFields,
    action: AuditAction,
    before: unknown,
  ): Promise<AdminProduct> {
    const { product, variations } = toColumns(fields);
    const position = await this.repo.nextPosition(tx, actor.storeId);
    const row = await this.repo.insert(tx, { ...product, storeId: actor.storeId, position });
    await this.saveChildren(tx, actor.storeId, row.id, variations, fields);
    const after = await this.mustFind(tx, actor.storeId, row.id);
    await this.audit.record(tx, actor, {
      action,
      entity: 'product',
      entityId: row.id,
      before,
      after,
    });
    return after;
  }

  private async mustFind(
    tx: Transaction,
    storeId: string,
    id: string,
    lock = false,
  ): Promise<AdminProduct> {
    const found = await this.repo.find(tx, storeId, id, lock);
    if (!found) throw new NotFound(NO_SUCH_PRODUCT, 'id');
    return toAdminProduct(found);
  }

  /**
   * The fields with a sku made for the product and each variation that has none: the product's
   * from its title (COTTON-KURTI), a variation's from the product's and its options
   * (COTTON-KURTI-M-RED), numbered (-2, -3, …) past any sku of the store or of these fields.
   */
  private async withSkus(
    tx: Transaction,
    storeId: string,
    f: ProductFields,
  ): Promise<ProductFields> {
    const blank = (sku: string | undefined) => (sku ?? '').trim() === '';
    if (!blank(f.sku) && !f.variation.some((v) => blank(v.sku))) return f;
    const base = blank(f.sku) ? skuFromTitle(f.title) : f.sku.trim();
    const taken = await this.repo.skusStartingWith(tx, storeId, base);
    for (const sku of [f.sku, ...f.variation.map((v) => v.sku)]) {
      if (!blank(sku)) taken.add(sku.trim().toLowerCase());
    }
    const claim = (candidate: string) => {
      const sku = freeSku(candidate, (c) => taken.has(c.toLowerCase()));
      taken.add(sku.toLowerCase());
      return sku;
    };
    const sku = blank(f.sku) ? claim(base) : f.sku.trim();
    return {
      ...f,
      sku,
      variation: f.variation.map((v) =>
        blank(v.sku) ? { ...v, sku: claim(variationSku(sku, v.attributes)) } : v,
      ),
    };
  }

  /** The checks across fields, the skus free in the store, grouped items of the store. */
  private async check(
    tx: Transaction,
    storeId: string,
    f: ProductFields,
    exceptProductId?: string,
  ): Promise<void> {
    const problem = productDraftProblem(f);
    if (problem) throw new BadRequest(problem.message, problem.field);
    const skus = [f.sku, ...f.variation.map((v) => v.sku)];
    const taken = await this.repo.takenSku(tx, storeId, skus, exceptProductId);
    if (taken !== null) {
      const i = skus.indexOf(taken);
      throw new Conflict(SKU_TAKEN(taken), i === 0 ? 'sku' : `variation.${String(i - 1)}.sku`);
    }
    const members = f.grouped_product.flatMap((g) => (g.product_id ? [g.product_id] : []));
    const known = await this.repo.existingIds(tx, storeId, members);
    const unknown = f.grouped_product.findIndex((g) => g.product_id && !known.has(g.product_id));
    if (unknown >= 0) {
      throw new BadRequest(NO_SUCH_PRODUCT, `grouped_product.${String(unknown)}.product_id`);
    }
  }

  private async saveChildren(
    tx: Transaction,
    storeId: string,
    productId: string,
    variations: VariationInsert[],
    f: ProductFields,
  ): Promise<void> {
    await this.repo.setVariations(tx, storeId, productId, variations);
    await this.repo.setGroupedItems(
      tx,
      storeId,
      productId,
      f.grouped_product.map((g) => ({
        title: g.title,
        image: g.image,
        memberProductId: g.product_id,
      })),
    );
  }

  /** Runs a write in one transaction; a sku another write took meanwhile is a 409. */
  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(work);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      const field = constraint.startsWith('variations') ? 'variation' : 'sku';
      throw new Conflict('That SKU is already used by another product.', field);
    }
  }
}

/** The GST rate suggested for a product's category and its dearest piece (`suggestedGstRate`). */
function suggestedRate(f: ProductFields): number {
  const effective = (mrp: number, sale: number) => rupeesToPaise(sale > 0 ? sale : mrp);
  const prices =
    f.product_type === 'Variable Product' && f.variation.length > 0
      ? f.variation.map((v) => effective(v.price, v.salePrice))
      : [effective(f.originalPrice, f.discountPrice)];
  return suggestedGstRate(f.category, Math.max(...prices)).ratePercent;
}

function pick(p: AdminProduct) {
  return {
    status: p.status,
    originalPrice: p.originalPrice,
    discountPrice: p.discountPrice,
    stock: p.stock,
  };
}
