import { describe, expect, it } from 'vitest';
import { productCreateSchema } from '@shop/contracts';
import { formPath, formProblems, nestErrors } from './product-form-problems.ts';
import {
  emptyProductForm,
  NEW_VARIATION_STOCK,
  regenerateVariations,
  withTerms,
  toProductFields,
  variationSku,
  type ProductFormValues,
} from './product-form.ts';

const tee = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  title: 'Logo Tee',
  sku: 'TEE-01',
  category: 't-shirts',
  originalPrice: '499',
  discountPrice: '449',
  ...over,
});

describe('the variations grid from the form', () => {
  it('makes sizes × colours with skus from the product and its prices', () => {
    const rows = regenerateVariations(
      tee({
        product_type: 'Variable Product',
        attribute: [
          { name: 'Size', terms: 'S, M , S' },
          { name: 'Colour', terms: 'Navy blue,Red' },
        ],
      }),
    );
    expect(rows.map((r) => r.sku)).toEqual([
      'TEE-01-S-NAVY-BLUE',
      'TEE-01-S-RED',
      'TEE-01-M-NAVY-BLUE',
      'TEE-01-M-RED',
    ]);
    expect(rows[0]).toMatchObject({
      price: '499',
      salePrice: '449',
      stock: NEW_VARIATION_STOCK,
      attributes: { Size: 'S', Colour: 'Navy blue' },
    });
  });

  it('keeps an edited row, drops combinations no longer in the grid', () => {
    const before = tee({
      product_type: 'Variable Product',
      attribute: [{ name: 'Size', terms: 'S, M' }],
    });
    const first = regenerateVariations(before);
    const edited = first.map((r) =>
      r.attributes.Size === 'M' ? { ...r, sku: 'MY-M', stock: '7' } : r,
    );
    const again = regenerateVariations({
      ...before,
      attribute: [{ name: 'Size', terms: 'M, L' }],
      variation: edited,
    });
    expect(again.map((r) => [r.sku, r.stock])).toEqual([
      ['MY-M', '7'],
      ['TEE-01-L', NEW_VARIATION_STOCK],
    ]);
  });

  it('a sku of terms alone when the product has none yet', () => {
    expect(variationSku(' ', { Size: 'XL' })).toBe('XL');
  });

  it('leaves variation skus blank for the API when the product has none', () => {
    const rows = regenerateVariations(
      tee({ sku: '', product_type: 'Variable Product', attribute: [{ name: 'Size', terms: 'S' }] }),
    );
    expect(rows.map((r) => r.sku)).toEqual(['']);
  });

  it('chips: setting a list of terms adds the attribute and makes the rows at once', () => {
    const start = tee({ product_type: 'Variable Product' });
    const sized = { ...start, ...withTerms(start, 'Size', ['S', 'M']) };
    expect(sized.attribute).toEqual([{ name: 'Size', terms: 'S, M' }]);
    expect(sized.variation.map((r) => r.attributes)).toEqual([{ Size: 'S' }, { Size: 'M' }]);
    // "Color" is the same list as "Colour"; rows already edited stay as they are.
    const named = { ...sized, attribute: [...sized.attribute, { name: 'Color', terms: '' }] };
    const coloured = { ...named, ...withTerms(named, 'Colour', ['Red']) };
    expect(coloured.attribute[1]).toEqual({ name: 'Color', terms: 'Red' });
    expect(coloured.variation.map((r) => r.attributes)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'M', Color: 'Red' },
    ]);
    const edited = {
      ...coloured,
      variation: coloured.variation.map((r, i) => (i === 1 ? { ...r, stock: '3' } : r)),
    };
    const more = { ...edited, ...withTerms(edited, 'Size', ['S', 'M', 'L']) };
    expect(more.variation.map((r) => [r.attributes.Size, r.stock])).toEqual([
      ['S', NEW_VARIATION_STOCK],
      ['M', '3'],
      ['L', NEW_VARIATION_STOCK],
    ]);
    const fewer = { ...more, ...withTerms(more, 'Colour', []) };
    expect(fewer.variation.map((r) => r.attributes)).toEqual([
      { Size: 'S' },
      { Size: 'M' },
      { Size: 'L' },
    ]);
    // An option list left empty is not sent.
    expect(toProductFields(fewer).attribute.map((a) => a.name)).toEqual(['Size']);
  });
});

describe('the payload', () => {
  it('is what the create schema accepts, with lists split and numbers read', () => {
    const values = tee({
      product_type: 'Variable Product',
      categorytype: 'Best Sellers, , Trending',
      key_features: '100% cotton\n\n  Pre-shrunk ',
      specifications: [
        { label: 'Fabric', value: 'Cotton' },
        { label: ' ', value: '' },
      ],
      attribute: [{ name: 'Size', terms: 'S, M' }],
    });
    const body = toProductFields({ ...values, variation: regenerateVariations(values) });
    expect(body).toMatchObject({
      categorytype: ['Best Sellers', 'Trending'],
      key_features: ['100% cotton', 'Pre-shrunk'],
      specifications: [{ label: 'Fabric', value: 'Cotton' }],
      attribute: [
        {
          name: 'Size',
          slug: 'size',
          selectedTerms: [
            { id: 's', name: 'S' },
            { id: 'm', name: 'M' },
          ],
        },
      ],
      originalPrice: 499,
      discountPrice: 449,
      stock: 0,
      gst_rate: 18,
    });
    expect(body.variation).toHaveLength(2);
    expect(productCreateSchema.safeParse(body).success).toBe(true);
  });

  it('a Simple product sends no variations the form still holds; blank sale is 0', () => {
    const body = toProductFields(
      tee({
        discountPrice: '',
        attribute: [{ name: 'Size', terms: 'S' }],
        variation: regenerateVariations(tee({ attribute: [{ name: 'Size', terms: 'S' }] })),
      }),
    );
    expect(body).toMatchObject({ discountPrice: 0, variation: [], attribute: [] });
  });
});

describe('the form checks (the contracts schema and draft rules)', () => {
  it('passes a good product', () => {
    expect(formProblems(tee())).toEqual([]);
  });

  it('takes prices written as an owner writes them: ₹, and digit groups of 1,499 or 1,49,999', () => {
    expect(formProblems(tee({ originalPrice: '1,499', discountPrice: '₹1,299' }))).toEqual([]);
    expect(
      toProductFields(tee({ originalPrice: 'Rs. 1,49,999', discountPrice: '1,29,999.50' })),
    ).toMatchObject({ originalPrice: 149999, discountPrice: 129999.5 });
  });

  it('names each bad box', () => {
    const problems = formProblems(
      tee({ title: ' ', sku: 'bad sku!', originalPrice: 'abc', hsn_code: '12' }),
    );
    expect(Object.fromEntries(problems.map((p) => [p.field, p.message]))).toEqual({
      title: 'Enter a title.',
      sku: 'Letters, digits, dot, dash, underscore or slash (or leave it empty to have one made).',
      originalPrice: 'Enter a number.',
      hsn_code: 'The HSN/SAC code must be 4, 6 or 8 digits.',
    });
  });

  it('sale above MRP, on the product and on a variation', () => {
    expect(formProblems(tee({ discountPrice: '500' }))).toEqual([
      { field: 'discountPrice', message: 'The sale price must not be more than the MRP.' },
    ]);
    const variable = tee({
      product_type: 'Variable Product',
      attribute: [{ name: 'Size', terms: 'S, M' }],
    });
    const rows = regenerateVariations(variable);
    rows[1] = { ...rows[1]!, price: '300', salePrice: '350' };
    expect(formProblems({ ...variable, variation: rows })).toEqual([
      { field: 'variation.1.salePrice', message: 'The sale price must not be more than the MRP.' },
    ]);
  });

  it('a Variable product without variations, a Grouped one without items', () => {
    expect(formProblems(tee({ product_type: 'Variable Product' }))[0]?.field).toBe('variation');
    expect(formProblems(tee({ product_type: 'Grouped Product' }))[0]?.field).toBe(
      'grouped_product',
    );
  });

  it('maps API paths to the boxes that hold them', () => {
    expect(formPath('categorytype.3')).toBe('categorytype');
    expect(formPath('attribute.1.selectedTerms.0.name')).toBe('attribute.1.terms');
    expect(formPath('variation.2.attributes')).toBe('variation.2.sku');
    expect(formPath('variation.2.price')).toBe('variation.2.price');
    expect(formPath('gst_above.rate')).toBe('gst_above');
  });

  it('nests problems the way react-hook-form keeps errors', () => {
    expect(
      nestErrors([
        { field: 'title', message: 'a' },
        { field: 'variation.1.sku', message: 'b' },
      ]),
    ).toEqual({
      title: { type: 'validate', message: 'a' },
      variation: [undefined, { sku: { type: 'validate', message: 'b' } }],
    });
  });
});
