import type { ProductExportQuery, ProductImportError, ProductImportReport } from '@shop/contracts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import { productsToCsv, readProductsCsv, rowOf } from './product-csv.ts';

/**
 * The catalogue's CSV export and import (decision 0022). Reading and writing the
 * file is here; every rule and every write is the products service's (`importMany`), and the
 * store's categories come from the catalogue service.
 */
export class ProductImportService {
  constructor(
    private readonly products: ProductsService,
    private readonly catalogue: CatalogueService,
  ) {}

  async exportCsv(storeId: string, q: ProductExportQuery): Promise<string> {
    return productsToCsv(await this.products.exportAll(storeId, q));
  }

  /**
   * Checks every row; writes all of them in one transaction unless `dryRun` or any row has an
   * error (then nothing is written and `written` is false).
   */
  async import(actor: AuditActor, text: string, dryRun: boolean): Promise<ProductImportReport> {
    const file = readProductsCsv(text);
    const errors: ProductImportError[] = [...file.errors];
    const categories = new Map<string, string>();
    for (const c of await this.catalogue.allCategoryNames(actor.storeId)) {
      categories.set(c.category.trim().toLowerCase(), c.category);
      categories.set(c.name.trim().toLowerCase(), c.category);
    }
    for (const p of file.products) {
      if (p.category === null) continue;
      const key = categories.get(p.category.toLowerCase());
      if (key !== undefined) p.input.category = key;
      else {
        errors.push({
          row: p.row,
          column: file.columnOf('category'),
          sku: p.sku,
          message: p.category
            ? `No category "${p.category}" in the store (add it first, or use one of its names).`
            : 'Choose a category.',
        });
      }
    }
    const outcome = await this.products.importMany(
      actor,
      file.products.map((p) => p.input),
      dryRun || errors.length > 0,
    );
    for (const problem of outcome.problems) {
      const p = file.products[problem.index]!;
      errors.push({
        row: rowOf(p, problem.field),
        column: file.columnOf(problem.field),
        sku: p.sku,
        message: problem.message,
      });
    }
    const plans = outcome.plans.map((plan, i) => ({ plan, p: file.products[i]! }));
    return {
      dry_run: dryRun,
      format: file.format,
      create: plans.filter((x) => x.plan.action === 'create').length,
      update: plans.filter((x) => x.plan.action === 'update').length,
      written: outcome.written,
      errors: firstPerCell(errors).sort((a, b) => a.row - b.row),
      products: plans.map(({ plan, p }) => ({
        row: p.row,
        sku: p.sku,
        title: typeof p.input.title === 'string' ? p.input.title : '',
        action: plan.action,
      })),
    };
  }
}

/** One message per cell (a value the file got wrong is not also reported as missing). */
function firstPerCell(errors: ProductImportError[]): ProductImportError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${String(e.row)}\u0000${e.column}`;
    if (e.column !== '' && seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
