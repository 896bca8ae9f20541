import {
  PRODUCT_DEFAULTS,
  productCreateSchema,
  productDraftProblem,
  productPatchSchema,
  type AdminProduct,
  type ProductFields,
} from '@shop/contracts';
import { NO_SUCH_PRODUCT, SKU_TAKEN, toAdminProduct, toFields } from './product-fields.ts';
import type { FullProduct } from './products-repository.ts';

/** One product of an import: its fields as a create or PATCH body (not yet validated). */
export type ProductImportInput = Record<string, unknown>;

/** What an import did, or would do, with each input, and every problem found. */
export interface ProductImportOutcome {
  plans: { action: 'create' | 'update'; productId: string | null }[];
  /** `index` is the input's; `field` a path of the product's fields (`variation.1.salePrice`). */
  problems: { index: number; field: string; message: string }[];
  written: boolean;
}

/** Which product (or variation of it) holds a sku of the store, by the sku lower-cased. */
export type SkuOwners = Map<string, { productId: string; variation: boolean }>;

/** An input that passed its own checks: its fields, and the product it updates, if any. */
export interface CheckedInput {
  index: number;
  fields: ProductFields;
  before: AdminProduct | null;
}

export function skuOwnersOf(
  rows: readonly { sku: string; productId: string; variation: boolean }[],
): SkuOwners {
  const owners: SkuOwners = new Map();
  for (const row of rows) owners.set(row.sku.toLowerCase(), row);
  return owners;
}

const skuOf = (input: ProductImportInput) =>
  typeof input.sku === 'string' ? input.sku.trim().toLowerCase() : '';

/** The stored products the inputs update (matched by their product's sku). */
export function updatedIds(inputs: readonly ProductImportInput[], owners: SkuOwners): string[] {
  return inputs.flatMap((input) => {
    const owner = owners.get(skuOf(input));
    return owner && !owner.variation ? [owner.productId] : [];
  });
}

/**
 * Each input validated as the API validates a body (`productCreateSchema` for a new sku,
 * `productPatchSchema` merged into the stored product for a known one), then the checks across
 * fields and the skus: free in the store (or the product's own) and not repeated in the inputs.
 * Answers the outcome so far, the inputs that passed and the grouped items' products they name.
 */
export function checkImportInputs(
  inputs: readonly ProductImportInput[],
  owners: SkuOwners,
  stored: ReadonlyMap<string, FullProduct>,
): { outcome: ProductImportOutcome; checked: CheckedInput[]; members: Set<string> } {
  const members = new Set<string>();
  const outcome: ProductImportOutcome = { plans: [], problems: [], written: false };
  const checked: CheckedInput[] = [];
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
    const skus = [fields.sku, ...fields.variation.map((v) => v.sku)];
    // The form may leave a sku to the API; an import matches products by theirs, so needs each.
    const blank = skus.findIndex((sku) => sku.trim() === '');
    if (blank >= 0) {
      problem(blank === 0 ? 'sku' : `variation.${String(blank - 1)}.sku`, 'Enter a SKU.');
      continue;
    }
    const draft = productDraftProblem(fields);
    if (draft) problem(draft.field, draft.message);
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
  return { outcome, checked, members };
}

/** A problem for each checked input whose grouped items name a product not of the store. */
export function reportUnknownMembers(
  outcome: ProductImportOutcome,
  checked: readonly CheckedInput[],
  known: ReadonlySet<string>,
): void {
  for (const { index, fields } of checked) {
    const unknown = fields.grouped_product.findIndex(
      (g) => g.product_id && !known.has(g.product_id),
    );
    if (unknown >= 0) {
      const field = `grouped_product.${String(unknown)}.product_id`;
      outcome.problems.push({ index, field, message: NO_SUCH_PRODUCT });
    }
  }
}
