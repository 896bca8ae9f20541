import { productDraftProblem, productFieldsSchema, type FieldProblem } from '@shop/contracts';
import type { FieldErrors } from 'react-hook-form';
import { toProductFields, type ProductFormValues } from './product-form.ts';

/**
 * The box a problem at an API path belongs under: list fields edited in one box (tags, key
 * features, an attribute's terms) take the problems of their items.
 */
export function formPath(apiPath: string): string {
  const parts = apiPath.split('.');
  const [head, index, field] = parts;
  if (head === 'categorytype' || head === 'key_features') return head;
  if (head === 'attribute' && index !== undefined) {
    return `attribute.${index}.${field === 'name' || field === 'slug' ? 'name' : 'terms'}`;
  }
  if (head === 'variation' && index !== undefined && field === 'attributes') {
    return `variation.${index}.sku`;
  }
  if ((head === 'variation' || head === 'grouped_product' || head === 'specifications') && field) {
    return `${head}.${index ?? ''}.${field}`;
  }
  return head ?? apiPath;
}

/**
 * Every box's first problem, by form path: the API's own field schema first, then (when that
 * passes) its cross-field rules (sale ≤ MRP, variations match the attribute terms, …).
 */
export function formProblems(v: ProductFormValues): FieldProblem[] {
  const fields = toProductFields(v);
  const parsed = productFieldsSchema
    .omit({ image: true, gallery: true, gst_above: true })
    .safeParse(fields);
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems: FieldProblem[] = [];
    for (const issue of parsed.error.issues) {
      const field = formPath(issue.path.map(String).join('.'));
      if (seen.has(field)) continue;
      seen.add(field);
      const message =
        issue.code === 'invalid_type' && issue.expected === 'number'
          ? 'Enter a number.'
          : issue.message;
      problems.push({ field, message });
    }
    return problems;
  }
  const draft = productDraftProblem({ ...parsed.data, image: '', gallery: [], gst_above: null });
  return draft ? [{ field: formPath(draft.field), message: draft.message }] : [];
}

/** Nests flat problems ({ 'variation.1.sku': … }) the way react-hook-form keeps its errors. */
export function nestErrors(
  problems: { field: string; message: string }[],
): FieldErrors<ProductFormValues> {
  const root: Record<string, unknown> = {};
  for (const { field, message } of problems) {
    const keys = field.split('.');
    let node: Record<string, unknown> = root;
    keys.slice(0, -1).forEach((key, i) => {
      const next = node[key];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        // An index next makes a list, as react-hook-form keeps a field array's errors.
        const made: unknown[] | Record<string, unknown> = /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
        node[key] = made;
        node = made as Record<string, unknown>;
      }
    });
    node[keys[keys.length - 1] ?? field] = { type: 'validate', message };
  }
  return root;
}
