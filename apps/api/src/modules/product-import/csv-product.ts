import type { ProductImportError, ProductImportFormat } from '@shop/contracts';
import type { ProductImportInput } from '../products/products-service.ts';

/* What both readers of a products file share: a record's cells and the products read. */

/** One product read from the file: the body for the products service and where it came from. */
export interface CsvProduct {
  input: ProductImportInput;
  /** The spreadsheet row of the product, and of each of its variations in order. */
  row: number;
  variationRows: number[];
  sku: string;
  /** The category as written in the file (resolved against the store's categories later). */
  category: string | null;
}

export interface CsvRead {
  format: ProductImportFormat;
  products: CsvProduct[];
  errors: ProductImportError[];
  /** The file's column a field of the product is read from ('' when the file has none). */
  columnOf: (field: string) => string;
}

export interface Rec {
  row: number;
  cells: Record<string, string>;
}

/** Collects cell errors while turning text cells into values. */
export class Cells {
  readonly errors: ProductImportError[] = [];

  constructor(
    private readonly rec: Rec,
    private readonly sku: string,
  ) {}

  text(column: string): string | undefined {
    return this.rec.cells[column];
  }

  fail(column: string, message: string): undefined {
    this.errors.push({ row: this.rec.row, column, sku: this.sku, message });
    return undefined;
  }

  /**
   * A number cell; empty is undefined (the stored value or the default stays). Commas are read
   * only as digit grouping (1,299 or 1,00,000), never as a decimal comma (12,50 is refused).
   */
  number(column: string): number | undefined {
    const raw = this.text(column)?.replace(/[\s₹]/g, '');
    if (raw === undefined || raw === '') return undefined;
    const grouped = /^-?(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d+)?$/.test(raw);
    const plain = raw.includes(',') ? (grouped ? raw.replaceAll(',', '') : '') : raw;
    const n = Number(plain);
    return /^-?\d+(\.\d+)?$/.test(plain) && Number.isFinite(n)
      ? n
      : this.fail(column, `"${raw}" is not a number.`);
  }

  json(column: string): unknown {
    const raw = this.text(column);
    if (raw === undefined || raw === '') return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return this.fail(column, 'Not valid JSON (as the export writes it).');
    }
  }
}

/** Adds a variation read from its own row to its product. */
export function addVariation(parent: CsvProduct, variation: Record<string, unknown>, row: number) {
  const list = (parent.input.variation as Record<string, unknown>[] | undefined) ?? [];
  list.push(variation);
  parent.input.variation = list;
  parent.variationRows.push(row);
}

/** `variation.2.salePrice` → the variation's column; `specifications.0.label` → its field's. */
export function columnFrom(
  field: string,
  product: Record<string, string>,
  variation: Record<string, string>,
): string {
  const parts = field.split('.');
  if (parts[0] === 'variation' && parts.length >= 3) return variation[parts[2] ?? ''] ?? '';
  return product[field] ?? product[parts[0] ?? ''] ?? '';
}
