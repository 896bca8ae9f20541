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
  productCreateSchema,
  productPatchSchema,
} from '@shop/contracts';
import {
  PRODUCT_TYPES,
  copySku,
  paiseToRupees,
  rupeesToPaise,
  stockLevel,
  type ProductType,
} from '@shop/domain';
import type { Transaction } from '@shop/db';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import { toProductDto } from '../catalogue/index.ts';
import type {
  FullProduct,
  ProductInsert,
  ProductsRepository,
  VariationInsert,
} from './products-repository.ts';

export const NO_SUCH_PRODUCT = 'No such product in your store.';
const SKU_TAKEN = (sku: string) => `The SKU ${sku} is already used by another product.`;

/** A product as the admin reads it: the storefront's fields, tax fields and stock level. */
export function toAdminProduct(p: FullProduct): AdminProduct {
  const dto = toProductDto(p.row, {
    variations: p.variations,
    groupedItems: p.groupedItems,
  });
  return {
    ...dto,
    reviews: [],
    // What is left to sell (orders take from totalStock); `stock` is written with it.
    stock: p.row.totalStock,
    hsn_code: p.row.hsnCode,
    gst_rate: p.row.gstRateBp / 100,
    gst_above:
      p.row.gstThresholdPaise !== null && p.row.gstRateAboveBp !== null
        ? { price: paiseToRupees(p.row.gstThresholdPaise), rate: p.row.gstRateAboveBp / 100 }
        : null,
    stock_level: stockLevel(p.row.totalStock),
    updatedAt: p.row.updatedAt.toISOString(),
  };
}

/** The stored product as the fields a PATCH is merged into (and the CSV export writes). */
export function toFields(p: AdminProduct): ProductFields {
  const type = (PRODUCT_TYPES as readonly string[]).includes(p.product_type)
    ? (p.product_type as ProductType)
    : 'Simple';
  const status = p.status === 'Inactive' || p.status === 'Archived' ? p.status : 'Active';
  return {
    title: p.title,
    sku: p.sku,
    product_type: type,
    status,
    category: p.category,
    categorytype: p.categorytype,
    image: p.image,
    gallery: p.gallery,
    description: p.description,
    short_description: p.short_description,
    originalPrice: p.originalPrice,
    discountPrice: p.discountPrice,
    stock: p.stock,
    key_features: p.key_features,
    specifications: p.specifications,
    attribute: p.attribute,
    delivery_days: p.delivery_days,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    gst_above: p.gst_above,
    variation: p.variation.map((v) => ({
      sku: v.sku,
      price: v.price,
      salePrice: v.salePrice,
      stock: v.stock,
      imageUrl: v.imageUrl,
      attributes: v.attributes,
    })),
    grouped_product: p.grouped_product,
  };
}

/** One product of an import: its fields as a create or PATCH body (not yet validated). */
export type ProductImportInput = Record<string, unknown>;

/** What an import did, or would do, with each input, and every problem found. */
export interface ProductImportOutcome {
  plans: { action: 'create' | 'update'; productId: string | null }[];
  /** `index` is the input's; `field` a path of the product's fields (`variation.1.salePrice`). */
  problems: { index: number; field: string; message: string }[];
  written: boolean;
}

const effective = (v: VariationInsert) =>
  v.salePricePaise !== undefined && v.salePricePaise > 0 ? v.salePricePaise : v.pricePaise;

/**
 * The columns of a product from its fields. A Variable product's stock is the sum of its
 * variations' and its prices are those of its cheapest variation (what the listing shows).
 */
function toColumns(f: ProductFields): {
  product: Omit<ProductInsert, 'storeId'>;
  variations: VariationInsert[];
} {
  const vs: VariationInsert[] = f.variation.map((v) => ({
    sku: v.sku,
    pricePaise: rupeesToPaise(v.price),
    salePricePaise: rupeesToPaise(v.salePrice),
    stock: v.stock,
    imageUrl: v.imageUrl,
    attributes: v.attributes,
  }));
  const cheapest = [...vs].sort((a, b) => effective(a) - effective(b))[0];
  const variable = f.product_type === 'Variable Product' && cheapest !== undefined;
  const stock = variable ? vs.reduce((sum, v) => sum + (v.stock ?? 0), 0) : f.stock;
  return {
    product: {
      title: f.title,
      sku: f.sku,
      productType: f.product_type,
      status: f.status,
      category: f.category,
      categorytype: f.categorytype,
      image: f.image,
      gallery: f.gallery,
      description: f.description,
      shortDescription: f.short_description,
      originalPricePaise: variable ? cheapest.pricePaise : rupeesToPaise(f.originalPrice),
      discountPricePaise: variable
        ? (cheapest.salePricePaise ?? 0)
        : rupeesToPaise(f.discountPrice),
      stock,
      totalStock: stock,
      keyFeatures: f.key_features,
      specifications: f.specifications,
      attribute: f.attribute,
      deliveryDays: f.delivery_days,
      hsnCode: f.hsn_code,
      gstRateBp: Math.round(f.gst_rate * 100),
      gstThresholdPaise: f.gst_above ? rupeesToPaise(f.gst_above.price) : null,
      gstRateAboveBp: f.gst_above ? Math.round(f.gst_above.rate * 100) : null,
    },
    variations: variable ? vs : [],
  };
}

/**
 * Products in the admin (issue 15 item 1): list, create, edit, duplicate, delete or archive,
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
    const fields = { ...PRODUCT_DEFAULTS, ...body } as ProductFields;
    return this.write(async (tx) => {
      await this.check(tx, actor.storeId, fields);
      return this.insertNew(tx, actor, fields, 'product.create', null);
    });
  }

  update(actor: AuditActor, id: string, patch: ProductPatch): Promise<AdminProduct> {
    return this.write(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, id, true);
      const fields = { ...toFields(before), ...patch } as ProductFields;
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
      const owners = new Map<string, { productId: string; variation: boolean }>();
      for (const o of await this.repo.skuOwners(tx, actor.storeId)) {
        owners.set(o.sku.toLowerCase(), o);
      }
      const skuOf = (input: ProductImportInput) =>
        typeof input.sku === 'string' ? input.sku.trim().toLowerCase() : '';
      const ids = inputs.flatMap((input) => {
        const owner = owners.get(skuOf(input));
        return owner && !owner.variation ? [owner.productId] : [];
      });
      if (!dryRun) await this.repo.lockMany(tx, actor.storeId, ids);
      const stored = new Map(
        (await this.repo.findMany(tx, actor.storeId, ids)).map((p) => [p.row.id, p] as const),
      );
      const members = new Set<string>();
      const outcome: ProductImportOutcome = { plans: [], problems: [], written: false };
      const checked: { index: number; fields: ProductFields; before: AdminProduct | null }[] = [];
      const claimed = new Map<string, number>();
      for (const [index, input] of inputs.entries()) {
        const problem = (field: string, message: string) =>
          outcome.problems.push({ index, field, message });
        const owner = owners.get(skuOf(input));
        const found = owner && !owner.variation ? stored.get(owner.productId) : undefined;
        const before = found ? toAdminProduct(found) : null;
        outcome.plans.push({
          action: before ? 'update' : 'create',
          productId: before?.product_id ?? null,
        });
        if (owner?.variation) {
          problem('sku', SKU_TAKEN(String(input.sku)));
          continue;
        }
        const parsed = before
          ? productPatchSchema.safeParse(input)
          : productCreateSchema.safeParse(input);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) problem(issue.path.join('.'), issue.message);
          continue;
        }
        const fields = {
          ...(before ? toFields(before) : PRODUCT_DEFAULTS),
          ...parsed.data,
        } as ProductFields;
        const draft = productDraftProblem(fields);
        if (draft) problem(draft.field, draft.message);
        const skus = [fields.sku, ...fields.variation.map((v) => v.sku)];
        for (const [k, sku] of skus.entries()) {
          const field = k === 0 ? 'sku' : `variation.${String(k - 1)}.sku`;
          const key = sku.toLowerCase();
          const holder = owners.get(key);
          if (holder && holder.productId !== before?.product_id) problem(field, SKU_TAKEN(sku));
          const earlier = claimed.get(key);
          if (earlier !== undefined && earlier !== index) {
            problem(field, `The SKU ${sku} is used twice in the file.`);
          }
          claimed.set(key, index);
        }
        for (const g of fields.grouped_product) if (g.product_id) members.add(g.product_id);
        checked.push({ index, fields, before });
      }
      const known = await this.repo.existingIds(tx, actor.storeId, [...members]);
      for (const { index, fields } of checked) {
        const unknown = fields.grouped_product.findIndex(
          (g) => g.product_id && !known.has(g.product_id),
        );
        if (unknown >= 0) {
          const field = `grouped_product.${String(unknown)}.product_id`;
          outcome.problems.push({ index, field, message: NO_SUCH_PRODUCT });
        }
      }
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
    action: string,
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
    action: string,
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

function pick(p: AdminProduct) {
  return {
    status: p.status,
    originalPrice: p.originalPrice,
    discountPrice: p.discountPrice,
    stock: p.stock,
  };
}
