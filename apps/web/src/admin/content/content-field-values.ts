import type { Item } from './content-api.ts';
import type { FieldSpec } from './content-kinds.ts';
import type { ChosenProduct } from './products-field.tsx';

/** The products a `products` field holds (its text is their JSON). */
export const chosenOf = (text: string): ChosenProduct[] =>
  JSON.parse(text || '[]') as ChosenProduct[];

/** The text a field's box starts with. */
export function initialText(f: FieldSpec, item: Item | null): string {
  if (!item) {
    return f.type === 'status'
      ? 'Active'
      : f.type === 'price'
        ? '0'
        : f.type === 'products'
          ? '[]'
          : '';
  }
  if (f.type === 'products') {
    const chosen = ((item.products as ChosenProduct[] | undefined) ?? []).map((p) => ({
      product_id: p.product_id,
      title: p.title,
      sku: p.sku,
    }));
    return JSON.stringify(chosen);
  }
  const v = item[f.name];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** The body a field's text makes. */
export function fieldBody(f: FieldSpec, text: string): unknown {
  if (f.type === 'price') return Number(text);
  if (f.type === 'products') return chosenOf(text).map((p) => p.product_id);
  if (f.name === 'link') return text.trim() === '' ? null : text;
  return text;
}
