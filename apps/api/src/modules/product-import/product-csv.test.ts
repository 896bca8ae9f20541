import { describe, expect, it } from 'vitest';
import { readProductsCsv, rowOf, SHOP_COLUMNS } from './product-csv.ts';

const shop = (cells: Partial<Record<(typeof SHOP_COLUMNS)[number], string>>[]) =>
  [
    SHOP_COLUMNS.join(','),
    ...cells.map((c) =>
      SHOP_COLUMNS.map((k) => `"${(c[k] ?? '').replaceAll('"', '""')}"`).join(','),
    ),
  ].join('\n');

describe('reading a product CSV', () => {
  it('reads grouped digits as numbers and refuses a decimal comma', () => {
    const read = readProductsCsv(
      shop([
        { type: 'Simple', sku: 'A', title: 'a', mrp: '1,299.50', stock: '1,00,000' },
        { type: 'Simple', sku: 'B', title: 'b', mrp: '12,50' },
        { type: 'Simple', sku: 'C', title: 'c', mrp: '₹ 499', sale_price: '1e3' },
      ]),
    );
    expect(read.format).toBe('shop');
    expect(read.products[0]!.input).toMatchObject({ originalPrice: 1299.5, stock: 100_000 });
    expect(read.products[2]!.input).toMatchObject({ originalPrice: 499 });
    expect(read.errors.map((e) => [e.row, e.column, e.sku])).toEqual([
      [3, 'mrp', 'B'],
      [4, 'sale_price', 'C'],
    ]);
  });

  it("puts a variation's problem on its own row and column", () => {
    const read = readProductsCsv(
      shop([
        { type: 'Variable Product', sku: 'P', title: 'p' },
        { type: 'Variation', sku: 'P-S', parent_sku: 'P', mrp: '10', attributes: '{"Size":"S"}' },
        { type: 'Variation', sku: 'P-M', parent_sku: 'P', mrp: '10', attributes: '{"Size":"M"}' },
        { type: 'Variation', sku: 'X-M', parent_sku: 'X', mrp: '10' },
      ]),
    );
    const [p] = read.products;
    expect(p!.variationRows).toEqual([3, 4]);
    expect(rowOf(p!, 'variation.1.salePrice')).toBe(4);
    expect(read.columnOf('variation.1.salePrice')).toBe('sale_price');
    expect(read.columnOf('specifications.0.label')).toBe('specifications');
    expect(read.errors).toEqual([
      expect.objectContaining({ row: 5, column: 'parent_sku', sku: 'X-M' }),
    ]);
  });

  it('refuses a header it does not know, naming row 1', () => {
    expect(readProductsCsv('name,price\nx,1\n').errors[0]).toMatchObject({ row: 1 });
    expect(readProductsCsv('type,sku,parent_sku,title\n').errors[0]?.message).toMatch(
      /no product rows/,
    );
  });
});
